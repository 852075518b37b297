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
    const mails = createAuthMails(mailer, log)
    await mails.sendPasswordReset('ida@example.test', 'http://localhost:8080/api/auth/reset-password/abc')
    // Queued, not sent while the request is answered.
    expect(sent).toEqual([])
    await mails.drain()
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
    const mails = createAuthMails(mailer, log)
    await mails.sendVerification('ida@example.test', 'http://localhost:8080/api/auth/verify-email?token=t')
    await mails.drain()
    expect(sent[0]?.subject).toBe('Confirm your NetToolbox account')
    expect(info).not.toHaveBeenCalled()
  })

  it('logs a mail that cannot be sent instead of failing the request that queued it', async () => {
    const error = vi.fn()
    const mailer: Mailer = {
      delivery: 'smtp',
      send: async () => {
        throw new Error('connection refused')
      },
      close: () => undefined,
    }
    const mails = createAuthMails(mailer, { info: vi.fn(), error } as unknown as FastifyBaseLogger)
    await expect(mails.sendSignUpAttempt('ida@example.test', 'http://localhost:8080/auth')).resolves.toBeUndefined()
    await mails.drain()
    expect(error).toHaveBeenCalledWith(
      expect.objectContaining({ to: 'ida@example.test' }),
      'Existing-account sign-up mail could not be sent',
    )
  })
})
