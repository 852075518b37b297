// The markers of a measurement's map: every probe that said where it is, labelled with its place and
// status in words.
import type { RowSlot } from './comparison-types.ts'
import { probeTitle } from './probe-label.ts'
import type { MapPoint } from './probe-map.tsx'
import { rowStatus } from './row-status.ts'

export function mapPoints(rows: readonly RowSlot[]): MapPoint[] {
  return rows.flatMap((row) => {
    if (!row) return []
    const { latitude, longitude } = row.probe
    if (latitude === null || longitude === null) return []
    const status = rowStatus(row)
    return [
      { key: row.probe.id, latitude, longitude, label: `${probeTitle(row.probe)}: ${status.label}`, tone: status.tone },
    ]
  })
}
