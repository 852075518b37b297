// How a permalink's expiry is stated wherever it is shown (the share button, the shared result page,
// the history): the date in words, then the exact ISO-8601 instant.
import { format } from 'date-fns'

/** "Expires on 27 December 2026, 12:00 (2026-12-27T12:00:00.000Z)" or "Pinned: never expires". */
export function shareExpiryText(expiresAt: string | null): string {
  if (expiresAt === null) return 'Pinned: never expires'
  return `Expires on ${format(new Date(expiresAt), 'd MMMM yyyy, HH:mm')} (${expiresAt})`
}
