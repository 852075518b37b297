// better-auth answers a verification link for an address that is already verified exactly like a
// link that has just worked. The landing page should say the link was already used instead, so this
// hook recognises such a link (a valid token for a verified account) and lands it with its own code.
import { createAuthMiddleware } from 'better-auth/api'
import { verifyJWT } from 'better-auth/crypto'
import { VERIFIED_LANDING } from '../../../shared/site-paths.ts'

export const LINK_ALREADY_USED = 'LINK_ALREADY_USED'

export const sayWhenVerificationLinkWasUsed = createAuthMiddleware(async (ctx) => {
  if (ctx.path !== '/verify-email' || ctx.query?.callbackURL !== VERIFIED_LANDING) return
  const token = ctx.query?.token
  if (typeof token !== 'string') return
  // Only a token signed with our secret says anything about an account (no probing by forged tokens).
  const payload = await verifyJWT<{ email?: unknown; updateTo?: unknown }>(token, ctx.context.secret)
  if (!payload || typeof payload.email !== 'string' || payload.updateTo !== undefined) return
  const found = await ctx.context.internalAdapter.findUserByEmail(payload.email)
  if (found?.user.emailVerified) throw ctx.redirect(`${VERIFIED_LANDING}&error=${LINK_ALREADY_USED}`)
})
