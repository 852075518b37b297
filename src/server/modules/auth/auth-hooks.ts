// Two behaviours the product asks for beyond better-auth's defaults:
// - signing up with a registered email answers "already exists" (better-auth would hide it while
//   email verification is required), so the page can offer "Sign In Instead" / "Reset Password";
// - a successful password reset signs the user in (the link proved the mailbox is theirs).
import { APIError, createAuthMiddleware, isAPIError } from 'better-auth/api'
import { setSessionCookie } from 'better-auth/cookies'

/** Who reset their password in which request: set by onPasswordReset, read by the after hook. */
const resetUsers = new WeakMap<Request, string>()

export function rememberPasswordReset(request: Request | undefined, userId: string): void {
  if (request) resetUsers.set(request, userId)
}

export const rejectDuplicateSignUp = createAuthMiddleware(async (ctx) => {
  if (ctx.path !== '/sign-up/email') return
  const email: unknown = ctx.body?.email
  if (typeof email !== 'string') return
  const existing = await ctx.context.internalAdapter.findUserByEmail(email.toLowerCase())
  if (existing) {
    throw new APIError('UNPROCESSABLE_ENTITY', {
      code: 'USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL',
      message: 'User already exists. Use another email.',
    })
  }
})

export const signInAfterPasswordReset = createAuthMiddleware(async (ctx) => {
  if (ctx.path !== '/reset-password' || !ctx.request || isAPIError(ctx.context.returned)) return
  const userId = resetUsers.get(ctx.request)
  if (!userId) return
  resetUsers.delete(ctx.request)
  const user = await ctx.context.internalAdapter.updateUser(userId, { emailVerified: true })
  const session = await ctx.context.internalAdapter.createSession(userId)
  await setSessionCookie(ctx, { session, user })
})
