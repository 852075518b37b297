import { describe, expect, it } from 'vitest'
import { codeProblemOf } from './two-factor-errors.ts'

describe('codeProblemOf()', () => {
  it('words a wrong code and a wrong recovery code apart', () => {
    expect(codeProblemOf({ code: 'INVALID_CODE', status: 401 }, false)).toEqual({
      message: 'That code is not correct. Check your authenticator app and try again.',
      restart: false,
    })
    expect(codeProblemOf({ code: 'INVALID_BACKUP_CODE', status: 401 }, true).message).toBe(
      'That recovery code is not correct or was already used',
    )
  })

  it('sends the user back to the password when the challenge is gone', () => {
    expect(codeProblemOf({ code: 'INVALID_TWO_FACTOR_COOKIE' }, false)).toEqual({
      message: 'This sign-in took too long. Enter your email and password again.',
      restart: true,
    })
    expect(codeProblemOf({ code: 'TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE' }, false).restart).toBe(true)
  })

  it('says the account is locked after too many wrong codes', () => {
    expect(codeProblemOf({ code: 'ACCOUNT_TEMPORARILY_LOCKED', status: 429 }, false).message).toBe(
      'Too many wrong codes: two-factor sign-in for this account is locked for 15 minutes',
    )
  })
})

describe('readTotpCode()', () => {
  it('takes 6 digits, spaces allowed, and words everything else', async () => {
    const { readTotpCode } = await import('../../../shared/auth.ts')
    expect(readTotpCode(' 123 456 ')).toEqual({ code: '123456' })
    expect(readTotpCode('')).toEqual({ problem: 'Enter the 6-digit code from your authenticator app' })
    expect(readTotpCode('12345')).toEqual({ problem: 'The code is the 6 digits your authenticator app shows' })
    expect(readTotpCode('12345a')).toEqual({ problem: 'The code is the 6 digits your authenticator app shows' })
  })
})
