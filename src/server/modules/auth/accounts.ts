// Everything accounts add to the app: better-auth at /api/auth/*, the mailer, the per-email limits
// and the sign-in throttle; the app gets back how to read the signed-in user of a request.
import path from 'node:path'
import type { FastifyInstance } from 'fastify'
import type { Config } from '../../config.ts'
import type { DatabaseHandle } from '../../db/database.ts'
import { createMailer } from '../mail/mailer.ts'
import { createAuth } from './auth.ts'
import { createAuthMails } from './auth-mails.ts'
import { loadAuthSecret } from './auth-secret.ts'
import { createEmailRateLimiter } from './email-rate-limit.ts'
import { authRoutes } from './routes.ts'
import { type CurrentUser, createCurrentUser } from './session.ts'
import { createSignInThrottle } from './sign-in-throttle.ts'

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

  return { currentUser: createCurrentUser(auth) }
}
