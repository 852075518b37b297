import type { FastifyBaseLogger } from 'fastify'
import { describe, expect, it, vi } from 'vitest'
import type { Mail, Mailer } from '../mail/mailer.ts'
import { createAuthMails } from './auth-mails.ts'

function fakes(delivery: Mailer['delivery']) {
  const sent: Mail[] = []
  const mailer: Mailer = { delivery, send: async (mail) => void sent.push(mail), close: () => undefined }
  const info = vi.fn()
  return { sent, mailer, log: { info } as unknown as FastifyBaseLogger, info }
}

describe('createAuthMails()', () => {
  it('mails the reset link and logs it when mails only go to the outbox', async () => {
    const { sent, mailer, log, info } = fakes('outbox')
    await createAuthMails(mailer, log).sendPasswordReset(
      'ida@example.test',
      'http://localhost:8080/api/auth/reset-password/abc',
    )
    expect(sent).toEqual([
      expect.objectContaining({ to: 'ida@example.test', subject: 'Reset your NetToolbox password' }),
    ])
    expect(sent[0]?.text).toContain('http://localhost:8080/api/auth/reset-password/abc')
    expect(info).toHaveBeenCalledWith(
      { to: 'ida@example.test', url: 'http://localhost:8080/api/auth/reset-password/abc' },
      expect.stringContaining('Password reset link'),
    )
  })

  it('does not log links that went out by SMTP', async () => {
    const { sent, mailer, log, info } = fakes('smtp')
    await createAuthMails(mailer, log).sendVerification(
      'ida@example.test',
      'http://localhost:8080/api/auth/verify-email?token=t',
    )
    expect(sent[0]?.subject).toBe('Confirm your NetToolbox account')
    expect(info).not.toHaveBeenCalled()
  })
})
