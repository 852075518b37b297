// Whole days between two instants, counted one way everywhere: rounded down in size, so a
// certificate that expired 5.0 or 5.9 days ago "expired 5 days ago" and one with 29.9 days to go
// has "29 days left". Every tool's lines, views and monitor verdicts count days with these.

export const DAY_MS = 86_400_000

/** Whole days from `now` until `until`, rounded toward zero: negative once `until` is past. */
export function daysUntil(until: Date | number, now: Date | number): number {
  const ms = +until - +now
  const days = Math.floor(Math.abs(ms) / DAY_MS)
  return ms < 0 ? 0 - days : days
}

const daysWord = (days: number) => `${days} day${days === 1 ? '' : 's'}`

/** "in 12 days", "in 1 day", "in less than a day" (daysLeft from daysUntil, not yet expired). */
export function describeExpiresIn(daysLeft: number): string {
  return daysLeft < 1 ? 'in less than a day' : `in ${daysWord(daysLeft)}`
}

/** "12 days left", "expired 5 days ago", "expired less than a day ago" (daysLeft from daysUntil). */
export function describeDaysLeft(daysLeft: number, expired = daysLeft < 0): string {
  if (!expired) return `${daysWord(daysLeft)} left`
  return daysLeft === 0 ? 'expired less than a day ago' : `expired ${daysWord(-daysLeft)} ago`
}
