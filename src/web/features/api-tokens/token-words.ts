// How the token list words a token's expiry and last use.
import { format } from 'date-fns'

/** "expires Dec 27, 2026", "expired Nov 20, 2026" or "never expires". */
export function expiryWords(expiresAt: string | null, now: Date): string {
  if (expiresAt === null) return 'never expires'
  const at = new Date(expiresAt)
  return `${at.getTime() <= now.getTime() ? 'expired' : 'expires'} ${format(at, 'MMM d, yyyy')}`
}

export function isExpired(expiresAt: string | null, now: Date): boolean {
  return expiresAt !== null && Date.parse(expiresAt) <= now.getTime()
}

/** "last used Nov 27, 12:03" or "never used". */
export function lastUsedWords(lastUsedAt: string | null): string {
  return lastUsedAt ? `last used ${format(new Date(lastUsedAt), 'MMM d, HH:mm')}` : 'never used'
}
