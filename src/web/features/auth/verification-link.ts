// The e-mail verification link lands on /auth?verified=1: it worked, or the server added
// error=CODE (an expired, used or invalid token) and the page says which.

export { VERIFIED_LANDING } from '../../../shared/site-paths.ts'

export type VerificationLanding =
  | { kind: 'verified' }
  /** The address was verified by an earlier click: nothing to resend, only to sign in. */
  | { kind: 'used'; reason: string }
  /** The link cannot verify anything: a new one is needed. */
  | { kind: 'failed'; reason: string }

const USED = 'This verification link was already used: your email address is verified.'

const REASONS: Readonly<Record<string, string>> = {
  TOKEN_EXPIRED: 'This verification link has expired (links last one hour).',
  INVALID_TOKEN: 'This verification link is not valid: it may have been cut short or changed.',
  USER_NOT_FOUND: 'No account uses the address this link was sent to any more.',
  INVALID_USER: 'This link belongs to another account than the one signed in here.',
}

export function readVerificationLanding(search: string): VerificationLanding | null {
  const query = new URLSearchParams(search)
  if (query.get('verified') === null) return null
  const error = query.get('error')
  if (error === null) return { kind: 'verified' }
  if (error === 'LINK_ALREADY_USED') return { kind: 'used', reason: USED }
  return { kind: 'failed', reason: REASONS[error] ?? `This verification link could not be used (${error}).` }
}
