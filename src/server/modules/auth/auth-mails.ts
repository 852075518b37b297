// The account mails: verification after sign-up and the password-reset link. In outbox mode the link
// is also logged, so whoever runs the server can pass it on.
import type { FastifyBaseLogger } from 'fastify'
import type { Mailer } from '../mail/mailer.ts'

export interface AuthMails {
  sendVerification(to: string, url: string): Promise<void>
  sendPasswordReset(to: string, url: string): Promise<void>
}

export function createAuthMails(mailer: Mailer, log: FastifyBaseLogger): AuthMails {
  async function send(to: string, subject: string, text: string, url: string, what: string) {
    await mailer.send({ to, subject, text })
    if (mailer.delivery === 'outbox') log.info({ to, url }, `${what} link (no SMTP_URL: mail written to the outbox)`)
  }
  return {
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
