// How a permalink's expiry is stated wherever it is shown (the share button, the shared result page,
// the history): the date in words, then the exact ISO-8601 instant. Written with Intl, not date-fns:
// the share button is part of every tool page, whose first screen the server renders, and date-fns
// would be loaded for it there. The formatter is made at the first expiry shown, not as the module
// loads: a browser's first Intl formatter loads its locale data, 40-90 ms of a tool page's start on a
// busy two-core host, for a text that appears only once a result is shared.
let monthNames: Intl.DateTimeFormat | undefined
function monthName(at: Date): string {
  monthNames ??= new Intl.DateTimeFormat('en', { month: 'long' })
  return monthNames.format(at)
}
const twoDigits = (value: number) => String(value).padStart(2, '0')

/** "Expires on 27 December 2026, 12:00 (2026-12-27T12:00:00.000Z)" or "Pinned: never expires". */
export function shareExpiryText(expiresAt: string | null): string {
  if (expiresAt === null) return 'Pinned: never expires'
  const at = new Date(expiresAt)
  const words = `${at.getDate()} ${monthName(at)} ${at.getFullYear()}, ${twoDigits(at.getHours())}:${twoDigits(at.getMinutes())}`
  return `Expires on ${words} (${expiresAt})`
}
