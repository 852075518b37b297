// POST /api/account/two-factor/disable: turns two-factor sign-in off with the account's password or a
// current code from its authenticator app. (better-auth's own /api/auth/two-factor/disable takes only
// the password.) Browser sessions only: an API token never changes how its account signs in. Wrong
// passwords and codes count per account (account-attempts.ts).
import { fromNodeHeaders } from 'better-auth/node'
import type { FastifyInstance, FastifyReply } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { TWO_FACTOR, twoFactorMessages } from '../../../shared/auth.ts'
import { errorBody } from '../../../shared/tools/tool-answer.ts'
import { disableTwoFactorRequest } from '../../../shared/two-factor.ts'
import type { CurrentUser } from '../../current-user.ts'
import type { AccountAttempts } from './account-attempts.ts'
import type { Auth } from './auth.ts'

export interface TwoFactorRoutesOptions {
  auth: Auth
  currentUser: CurrentUser
  attempts: AccountAttempts
}

const fail = (reply: FastifyReply, status: 400 | 401 | 403 | 429, type: string, message: string) =>
  reply.code(status).send({ error: { type, message } })

export async function twoFactorRoutes(app: FastifyInstance, { auth, currentUser, attempts }: TwoFactorRoutesOptions) {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/api/account/two-factor/disable',
    {
      schema: {
        tags: ['account'],
        summary: 'Turn two-factor sign-in off, with your password or a current authenticator code',
        body: disableTwoFactorRequest,
        response: {
          200: z.object({ twoFactorEnabled: z.literal(false) }),
          400: errorBody,
          401: errorBody,
          403: errorBody,
          429: errorBody,
        },
      },
    },
    async (request, reply) => {
      if (request.apiTokenOwner)
        return fail(reply, 403, 'forbidden', 'Two-factor sign-in is changed on the website, not with an API token')
      const user = await currentUser(request)
      if (!user) return fail(reply, 401, 'unauthorized', 'Sign in to change two-factor sign-in')
      const decision = await attempts.check(user.id)
      if (!decision.allowed) {
        reply.header('retry-after', String(decision.retryAfterSeconds))
        return fail(
          reply,
          429,
          'too_many_attempts',
          `Too many wrong passwords or codes. Try again in ${Math.ceil(decision.retryAfterSeconds / 60)} min.`,
        )
      }
      const headers = fromNodeHeaders(request.headers)
      const { password, code } = request.body
      const answer = code
        ? await auth.api.verifyTOTP({ headers, body: { code }, asResponse: true })
        : await auth.api.disableTwoFactor({ headers, body: { password: password ?? '' }, asResponse: true })
      if (!answer.ok) {
        await attempts.recordFailure(user.id)
        return fail(
          reply,
          400,
          code ? 'invalid_code' : 'invalid_password',
          code ? twoFactorMessages.wrongCode : 'That password is not correct',
        )
      }
      await attempts.clear(user.id)
      // better-auth's disable replaces the session with a new one: its cookie goes to the browser.
      const cookies = answer.headers.getSetCookie()
      if (cookies.length > 0) reply.header('set-cookie', cookies)
      if (code) {
        // The code proved the account holder; the same change better-auth's own disable makes.
        const context = await auth.$context
        await context.internalAdapter.updateUser(user.id, { twoFactorEnabled: false })
        await context.adapter.delete({ model: 'twoFactor', where: [{ field: 'userId', value: user.id }] })
      }
      return { twoFactorEnabled: false as const }
    },
  )
}

/** Wrong passwords or codes an account may send to the disable route within the window. */
export const DISABLE_ATTEMPTS = {
  kind: 'two-factor-disable',
  max: TWO_FACTOR.maxFailedCodes,
  windowMs: TWO_FACTOR.lockoutMinutes * 60_000,
}
