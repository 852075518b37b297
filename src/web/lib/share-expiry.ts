// How a permalink's expiry is stated wherever it is shown (the share button, the shared result page,
// the history): the date in words, then the exact ISO-8601 instant. Written with Intl, not date-fns:
// the share button is part of every tool page, whose first screen the server renders, and date-fns
// would be loaded for it there.
const monthName = new Intl.DateTimeFormat('en', { month: 'long' })
const twoDigits = (value: number) => String(value).padStart(2, '0')

/** "Expires on 27 December 2026, 12:00 (2026-12-27T12:00:00.000Z)" or "Pinned: never expires". */
export function shareExpiryText(expiresAt: string | null): string {
  if (expiresAt === null) return 'Pinned: never expires'
  const at = new Date(expiresAt)
  const words = `${at.getDate()} ${monthName.format(at)} ${at.getFullYear()}, ${twoDigits(at.getHours())}:${twoDigits(at.getMinutes())}`
  return `Expires on ${words} (${expiresAt})`
}
