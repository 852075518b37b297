// What the live view shows while lists answer: each progress event that reads as a list's verdict.
import { type BlacklistProgress, blacklistProgress } from '../../../shared/tools/blacklist/schema.ts'

export function foldBlacklistProgress(events: readonly unknown[]): BlacklistProgress[] {
  return events.flatMap((raw) => {
    const parsed = blacklistProgress.safeParse(raw)
    return parsed.success ? [parsed.data] : []
  })
}
