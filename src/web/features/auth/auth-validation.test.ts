import { describe, expect, it } from 'vitest'
import {
  checkChangePassword,
  checkRecoveryPassword,
  checkResetRequest,
  checkSignIn,
  checkSignUp,
} from './auth-validation.ts'

describe('account form checks', () => {
  it('sign in needs both fields', () => {
    expect(checkSignIn('', 'secret')).toBe('Please fill in all fields')
    expect(checkSignIn('a@example.test', '  ')).toBe('Please fill in all fields')
    expect(checkSignIn('a@example.test', 'x')).toBeNull()
  })

  it('sign up needs both fields and a password of at least 6 characters', () => {
    expect(checkSignUp('', '')).toBe('Please fill in all fields')
    expect(checkSignUp('a@example.test', '12345')).toBe('Password must be at least 6 characters long')
    expect(checkSignUp('a@example.test', '123456')).toBeNull()
  })

  it('a reset request needs the email address', () => {
    expect(checkResetRequest(' ')).toBe('Please enter your email address')
    expect(checkResetRequest('a@example.test')).toBeNull()
  })

  it('a recovery password must be given twice, match, and have 6 characters', () => {
    expect(checkRecoveryPassword('abcdef', '')).toBe('Please fill in all fields')
    expect(checkRecoveryPassword('abcdef', 'abcdeg')).toBe('Passwords do not match')
    expect(checkRecoveryPassword('abc', 'abc')).toBe('Password must be at least 6 characters long')
    expect(checkRecoveryPassword('abcdef', 'abcdef')).toBeNull()
  })

  it('changing the password checks fields, match, length, then the signed-in user', () => {
    expect(checkChangePassword('a@example.test', '', 'abcdef', 'abcdef')).toBe('Please fill in all fields')
    expect(checkChangePassword('a@example.test', 'old', 'abcdef', 'abcdeg')).toBe('New passwords do not match')
    expect(checkChangePassword('a@example.test', 'old', 'abc', 'abc')).toBe(
      'New password must be at least 6 characters long',
    )
    expect(checkChangePassword(undefined, 'old', 'abcdef', 'abcdef')).toBe('No user logged in')
    expect(checkChangePassword('a@example.test', 'old', 'abcdef', 'abcdef')).toBeNull()
  })
})
