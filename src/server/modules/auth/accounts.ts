// Everything accounts add to the app: better-auth at /api/auth/* (with two-factor sign-in), the
// mailer, the per-email limits, the sign-in throttle, turning two-factor off by code, and personal
// API tokens; the app gets back how to read the signed-in user of a
// request (its session cookie or its API token).
import path from 'node:path'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { Config } from '../../config.ts'
import type { CurrentUser } from '../../current-user.ts'
import type { DatabaseHandle } from '../../db/database.ts'
import { createMailer } from '../mail/mailer.ts'
import { registerBearerAuth } from '../tokens/bearer.ts'
import { createTokensRepository } from '../tokens/repository.ts'
import { tokenRoutes } from '../tokens/routes.ts'
import { createAccountAttempts } from './account-attempts.ts'
import { createAuth } from './auth.ts'
import { createAuthMails } from './auth-mails.ts'
import { loadAuthSecret } from './auth-secret.ts'
import { createEmailRateLimiter } from './email-rate-limit.ts'
import { authRoutes } from './routes.ts'
import { createCurrentUser } from './session.ts'
import { createSignInThrottle } from './sign-in-throttle.ts'
import { DISABLE_ATTEMPTS, twoFactorRoutes } from './two-factor-routes.ts'

export interface Accounts {
  currentUser: CurrentUser
}

export async function registerAccounts(
  app: FastifyInstance,
  { config, database }: { config: Config; database: DatabaseHandle },
): Promise<Accounts> {
  const mailer = createMailer({
    smtpUrl: config.smtpUrl,
    from: config.mailFrom,
    outboxDir: path.join(config.dataDir, 'outbox'),
  })
  const mails = createAuthMails(mailer, app.log)
  app.addHook('onClose', async () => {
    await mails.drain()
    await mailer.close()
  })
  const auth = createAuth({
    db: database.db,
    dialect: database.dialect,
    publicUrl: config.publicUrl,
    trustedOrigins: config.trustedOrigins,
    secret: await loadAuthSecret(database.db),
    mails,
    log: app.log,
  })
  const emailLimiter = createEmailRateLimiter(database.db)
  const signInThrottle = createSignInThrottle(database.db)
  await app.register(authRoutes, { auth, publicUrl: config.publicUrl, emailLimiter, signInThrottle })

  const sessionUser = createCurrentUser(auth)
  const attempts = createAccountAttempts(database.db, DISABLE_ATTEMPTS)
  await app.register(twoFactorRoutes, { auth, currentUser: sessionUser, attempts })
  // A valid API token (Authorization: Bearer) stands for its account wherever the user is asked for.
  const tokens = createTokensRepository(database.db)
  registerBearerAuth(app, tokens)
  // Several parts of one request ask (limits, history, stored runs): the session is read once.
  const asked = new WeakMap<FastifyRequest, ReturnType<CurrentUser>>()
  const currentUser: CurrentUser = async (request) => {
    if (request.apiTokenOwner) return request.apiTokenOwner
    let user = asked.get(request)
    if (!user) {
      user = sessionUser(request)
      asked.set(request, user)
    }
    return user
  }
  await app.register(tokenRoutes, { tokens, currentUser: sessionUser })
  return { currentUser }
}
