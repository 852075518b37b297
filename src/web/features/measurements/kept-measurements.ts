// Which measurement each history entry of this tab started, so that back/forward shows it again (read
// from the server, never measured again); older ones are dropped first.
const KEPT = 50
const byEntry = new Map<string, string>()

export function keepMeasurement(entryId: string, measurementId: string): void {
  byEntry.set(entryId, measurementId)
  while (byEntry.size > KEPT) {
    const oldest = byEntry.keys().next().value
    if (oldest === undefined) break
    byEntry.delete(oldest)
  }
}

export function keptMeasurement(entryId: string | undefined): string | undefined {
  return entryId === undefined ? undefined : byEntry.get(entryId)
}
