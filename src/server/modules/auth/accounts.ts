// Everything accounts add to the app: better-auth at /api/auth/*, the mailer, the history routes,
// and the hook that saves signed-in users' successful tool runs.
import path from 'node:path'
import type { FastifyInstance } from 'fastify'
import type { Config } from '../../config.ts'
import type { DatabaseHandle } from '../../db/database.ts'
import { createToolResultsRepository } from '../history/repository.ts'
import { historyRoutes } from '../history/routes.ts'
import { type AnswerHook, createAnswerSaver } from '../history/save-answer.ts'
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
  /** For toolRoutes' onAnswer. */
  saveAnswer: AnswerHook
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

  const currentUser = createCurrentUser(auth)
  const history = createToolResultsRepository(database.db)
  await app.register(historyRoutes, { history, currentUser })
  return { currentUser, saveAnswer: createAnswerSaver(history, currentUser) }
}
