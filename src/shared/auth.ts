// Account rules and the product's exact texts (docs/product.md), shared by server and web.
export const MIN_PASSWORD_LENGTH = 6

export const authMessages = {
  fillAllFields: 'Please fill in all fields',
  passwordTooShort: 'Password must be at least 6 characters long',
  emailRequired: 'Please enter your email address',
  passwordsDoNotMatch: 'Passwords do not match',
  newPasswordsDoNotMatch: 'New passwords do not match',
  newPasswordTooShort: 'New password must be at least 6 characters long',
  noUser: 'No user logged in',
  /** The one answer to every sign-up, new address or not: the mail says which it was. */
  signUpSent: 'Check your email: we sent you a link to finish signing up.',
  signUpExistingHint:
    'If this address already has an account, the email says so: sign in or reset your password instead.',
} as const

/** Two-factor sign-in (TOTP, RFC 6238: 6 digits, 30 s steps) and its recovery codes. */
export const TWO_FACTOR = {
  recoveryCodeCount: 10,
  /** Wrong codes in a row, per account, before the second step locks. */
  maxFailedCodes: 5,
  lockoutMinutes: 15,
} as const

export const twoFactorMessages = {
  codeRequired: 'Enter the 6-digit code from your authenticator app',
  codeFormat: 'The code is the 6 digits your authenticator app shows',
  recoveryCodeRequired: 'Enter one of your recovery codes',
  wrongCode: 'That code is not correct. Check your authenticator app and try again.',
  wrongRecoveryCode: 'That recovery code is not correct or was already used',
  locked: 'Too many wrong codes: two-factor sign-in for this account is locked for 15 minutes',
  expiredChallenge: 'This sign-in took too long. Enter your email and password again.',
  passwordOrCode: 'Enter your password or a current code from your authenticator app',
} as const

/**
 * A TOTP code as typed, read once for server and web alike: spaces are dropped ("123 456"), then it
 * must be exactly 6 digits. (Plain code, not zod: the account forms load without the schema library.)
 */
export function readTotpCode(text: string): { code: string } | { problem: string } {
  const code = text.replace(/\s+/g, '')
  if (code === '') return { problem: twoFactorMessages.codeRequired }
  return /^\d{6}$/.test(code) ? { code } : { problem: twoFactorMessages.codeFormat }
}
