// The e-mail verification link lands on /auth?verified=1: it worked, or the server added
// error=CODE (an expired, used or invalid token) and the page says which and offers a new link.

export { VERIFIED_LANDING } from '../../../shared/site-paths.ts'

export type VerificationLanding = { ok: true } | { ok: false; reason: string }

const REASONS: Readonly<Record<string, string>> = {
  TOKEN_EXPIRED: 'This verification link has expired (links last one hour).',
  INVALID_TOKEN: 'This verification link is not valid: it may have been cut short, changed or already replaced.',
  USER_NOT_FOUND: 'No account uses the address this link was sent to any more.',
  INVALID_USER: 'This link belongs to another account than the one signed in here.',
}

export function readVerificationLanding(search: string): VerificationLanding | null {
  const query = new URLSearchParams(search)
  if (query.get('verified') === null) return null
  const error = query.get('error')
  if (error === null) return { ok: true }
  return { ok: false, reason: REASONS[error] ?? `The link could not be used (${error}).` }
}
