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
