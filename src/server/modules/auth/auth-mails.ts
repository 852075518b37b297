// The account mails: verification after sign-up, the password-reset link, and the note to an owner
// whose address someone tried to sign up with. Each is queued and delivered after the answer has
// gone out, so no answer takes longer because a mail was due: the time of a sign-up or a reset
// request says nothing about whether the address has an account. In outbox mode the link is also
// logged, so whoever runs the server can pass it on.
import type { FastifyBaseLogger } from 'fastify'
import type { Mailer } from '../mail/mailer.ts'

export interface AuthMails {
  sendVerification(to: string, url: string): Promise<void>
  sendPasswordReset(to: string, url: string): Promise<void>
  /** To the owner of an existing account whose address was used to sign up again. */
  sendSignUpAttempt(to: string, signInUrl: string): Promise<void>
  /** Waits for every queued mail (at shutdown). */
  drain(): Promise<void>
}

export function createAuthMails(mailer: Mailer, log: FastifyBaseLogger): AuthMails {
  const pending = new Set<Promise<void>>()
  async function deliver(to: string, subject: string, text: string, url: string, what: string) {
    await mailer.send({ to, subject, text })
    if (mailer.delivery === 'outbox') log.info({ to, url }, `${what} link (no SMTP_URL: mail written to the outbox)`)
  }
  function send(to: string, subject: string, text: string, url: string, what: string): Promise<void> {
    const task: Promise<void> = new Promise<void>((resolve) => setImmediate(resolve))
      .then(() => deliver(to, subject, text, url, what))
      .catch((error: unknown) => log.error({ err: error, to }, `${what} mail could not be sent`))
      .finally(() => pending.delete(task))
    pending.add(task)
    return Promise.resolve()
  }
  return {
    async drain() {
      while (pending.size > 0) await Promise.all([...pending])
    },
    sendSignUpAttempt: (to, signInUrl) =>
      send(
        to,
        'Someone tried to sign up to NetToolbox with your address',
        [
          'Someone (perhaps you) tried to create a NetToolbox account with this email address,',
          'which already has an account. No new account was created.',
          '',
          'Sign in instead:',
          signInUrl,
          '',
          'Forgot your password? Open the same page and choose "Forgot your password?" to get a reset link.',
          '',
          'If it was not you, you can ignore this email; your account is unchanged.',
        ].join('\n'),
        signInUrl,
        'Existing-account sign-up',
      ),
    sendVerification: (to, url) =>
      send(
        to,
        'Confirm your NetToolbox account',
        [
          'Welcome to NetToolbox!',
          '',
          'Confirm your email address by opening this link (valid for 1 hour):',
          url,
          '',
          'If you did not create an account, you can ignore this email.',
        ].join('\n'),
        url,
        'Email verification',
      ),
    sendPasswordReset: (to, url) =>
      send(
        to,
        'Reset your NetToolbox password',
        [
          'Someone asked to reset the password of your NetToolbox account.',
          '',
          'Set a new password by opening this link (valid for 1 hour, usable once):',
          url,
          '',
          'If you did not ask for this, you can ignore this email; your password stays the same.',
        ].join('\n'),
        url,
        'Password reset',
      ),
  }
}
