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
