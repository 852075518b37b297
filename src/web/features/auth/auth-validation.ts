// The product's checks of the account forms (docs/product.md): the first failing rule's message, or null.
import { MIN_PASSWORD_LENGTH, authMessages as m } from '../../../shared/auth.ts'

const blank = (...values: string[]) => values.some((v) => v.trim() === '')

export function checkSignIn(email: string, password: string): string | null {
  return blank(email, password) ? m.fillAllFields : null
}

export type SignInField = 'email' | 'password'

/** The sign-in's check, placed on the field it concerns: the first blank one. */
export function signInProblem(email: string, password: string): { field: SignInField; message: string } | null {
  if (!checkSignIn(email, password)) return null
  return { field: blank(email) ? 'email' : 'password', message: m.fillAllFields }
}

export function checkSignUp(email: string, password: string): string | null {
  if (blank(email, password)) return m.fillAllFields
  if (password.length < MIN_PASSWORD_LENGTH) return m.passwordTooShort
  return null
}

export function checkResetRequest(email: string): string | null {
  return blank(email) ? m.emailRequired : null
}

export function checkRecoveryPassword(password: string, confirm: string): string | null {
  if (blank(password, confirm)) return m.fillAllFields
  if (password !== confirm) return m.passwordsDoNotMatch
  if (password.length < MIN_PASSWORD_LENGTH) return m.passwordTooShort
  return null
}

export function checkChangePassword(
  userEmail: string | undefined,
  current: string,
  next: string,
  confirm: string,
): string | null {
  if (blank(current, next, confirm)) return m.fillAllFields
  if (next !== confirm) return m.newPasswordsDoNotMatch
  if (next.length < MIN_PASSWORD_LENGTH) return m.newPasswordTooShort
  if (!userEmail) return m.noUser
  return null
}
