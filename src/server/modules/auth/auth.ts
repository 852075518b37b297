// better-auth on our own database: email + password, database sessions in an httpOnly SameSite=Lax
// cookie, verification and password reset by mail, two-factor sign-in with an authenticator app
// (TOTP) and recovery codes, and its per-IP rate limits.
import { betterAuth } from 'better-auth'
import { twoFactor } from 'better-auth/plugins'
import type { FastifyBaseLogger } from 'fastify'
import type { Kysely } from 'kysely'
import { MIN_PASSWORD_LENGTH, TWO_FACTOR } from '../../../shared/auth.ts'
import { VERIFIED_LANDING } from '../../../shared/site-paths.ts'
import type { DatabaseSchema } from '../../db/schema.ts'
import { rememberPasswordReset, signInAfterPasswordReset } from './auth-hooks.ts'
import type { AuthMails } from './auth-mails.ts'
import { AUTH_COOKIE_PREFIX } from './session-cookie.ts'
import { sayWhenVerificationLinkWasUsed } from './verification-hooks.ts'

/**
 * Every verification link, whichever form asked for it, lands on the page that says what happened:
 * "/auth?verified=1", or the same with error=CODE when the link is expired, used or invalid
 * (better-auth's TOKEN_EXPIRED, INVALID_TOKEN, USER_NOT_FOUND; our LINK_ALREADY_USED).
 */
export function landOnVerifiedPage(url: string): string {
  const link = new URL(url)
  link.searchParams.set('callbackURL', VERIFIED_LANDING)
  return link.href
}

/** Set by our HTTP bridge from Fastify's request.ip (which honours TRUST_PROXY); clients cannot forge it. */
export const CLIENT_IP_HEADER = 'x-nettoolbox-client-ip'

export interface AuthOptions {
  db: Kysely<DatabaseSchema>
  dialect: 'sqlite' | 'postgres'
  publicUrl: string
  /** PUBLIC_URL's origin and ALLOWED_ORIGINS: the only origins better-auth accepts. */
  trustedOrigins: string[]
  secret: string
  mails: AuthMails
  log: FastifyBaseLogger
}

const HOUR = 60 * 60

export function createAuth({ db, dialect, publicUrl, trustedOrigins, secret, mails, log }: AuthOptions) {
  return betterAuth({
    appName: 'NetToolbox',
    baseURL: publicUrl,
    basePath: '/api/auth',
    secret,
    // Configured origins only: never one built from the request's Host header.
    trustedOrigins,
    // Transactions only on PostgreSQL: SQLite has a single connection, and a query outside the
    // transaction while it is open would wait forever.
    database: { db, type: dialect, transaction: dialect === 'postgres' },
    emailAndPassword: {
      enabled: true,
      minPasswordLength: MIN_PASSWORD_LENGTH,
      requireEmailVerification: true,
      revokeSessionsOnPasswordReset: true,
      resetPasswordTokenExpiresIn: HOUR,
      sendResetPassword: ({ user, url }) => mails.sendPasswordReset(user.email, url),
      onPasswordReset: async ({ user }, request) => rememberPasswordReset(request, user.id),
      // A sign-up with a registered address answers exactly like a new one (better-auth hashes the
      // password either way); the owner gets a mail with the way to sign in or reset instead.
      onExistingUserSignUp: ({ user }) => mails.sendSignUpAttempt(user.email, `${publicUrl.replace(/\/$/, '')}/auth`),
    },
    emailVerification: {
      sendOnSignUp: true,
      sendOnSignIn: true,
      autoSignInAfterVerification: true,
      expiresIn: HOUR,
      sendVerificationEmail: ({ user, url }) => mails.sendVerification(user.email, landOnVerifiedPage(url)),
    },
    session: { expiresIn: 30 * 24 * HOUR, updateAge: 24 * HOUR },
    rateLimit: {
      enabled: true,
      storage: 'database',
      window: 60,
      max: 100,
      customRules: {
        // Every page load reads the session; many users may share one address (NAT).
        '/get-session': false,
        '/sign-in/email': { window: 60, max: 10 },
        '/sign-up/email': { window: HOUR, max: 20 },
        '/change-password': { window: 60, max: 5 },
        '/request-password-reset': { window: 15 * 60, max: 5 },
        '/send-verification-email': { window: 15 * 60, max: 5 },
        // Per address and path; guessing codes is stopped per account by the lockout below.
        '/two-factor/*': { window: 60, max: 10 },
      },
    },
    plugins: [
      twoFactor({
        issuer: 'NetToolbox',
        // A sign-in waits this long for its code before the password must be given again.
        twoFactorCookieMaxAge: 10 * 60,
        backupCodeOptions: { amount: TWO_FACTOR.recoveryCodeCount, length: 10, storeBackupCodes: 'encrypted' },
        // Wrong codes at sign-in (authenticator or recovery) count per account: after this many in a
        // row the account's second step is locked for a while, whatever address the guesses come from.
        accountLockout: {
          enabled: true,
          maxFailedAttempts: TWO_FACTOR.maxFailedCodes,
          durationSeconds: TWO_FACTOR.lockoutMinutes * 60,
        },
      }),
    ],
    advanced: {
      cookiePrefix: AUTH_COOKIE_PREFIX,
      useSecureCookies: publicUrl.startsWith('https://'),
      disableOriginCheck: false,
      disableCSRFCheck: false,
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
    },
    hooks: {
      before: sayWhenVerificationLinkWasUsed,
      after: signInAfterPasswordReset,
    },
    telemetry: { enabled: false },
    logger: {
      log: (level, message, ...args) => log[level]({ args }, `[auth] ${message}`),
    },
  })
}

export type Auth = ReturnType<typeof createAuth>
