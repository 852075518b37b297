// A behaviour beyond better-auth's defaults: a successful password reset signs the user in (the
// link proved the mailbox is theirs).
import { createAuthMiddleware, isAPIError } from 'better-auth/api'
import { setSessionCookie } from 'better-auth/cookies'

/** Who reset their password in which request: set by onPasswordReset, read by the after hook. */
const resetUsers = new WeakMap<Request, string>()

export function rememberPasswordReset(request: Request | undefined, userId: string): void {
  if (request) resetUsers.set(request, userId)
}

export const signInAfterPasswordReset = createAuthMiddleware(async (ctx) => {
  if (ctx.path !== '/reset-password' || !ctx.request || isAPIError(ctx.context.returned)) return
  const userId = resetUsers.get(ctx.request)
  if (!userId) return
  resetUsers.delete(ctx.request)
  const user = await ctx.context.internalAdapter.updateUser(userId, { emailVerified: true })
  const session = await ctx.context.internalAdapter.createSession(userId)
  await setSessionCookie(ctx, { session, user })
})
