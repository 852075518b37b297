// Direction results for tests of the views: a measured rate or a failure, nothing else filled in.
import type { Direction, DirectionResult } from './throughput.ts'

export function directionFixture(direction: Direction, mbps: number | null, error?: string): DirectionResult {
  return {
    direction,
    mbps,
    window: mbps === null ? null : { bytes: (mbps * 5_000_000) / 8, ms: 5000, wholePhase: false },
    streams: 4,
    rampTransfers: 3,
    transfers: mbps === null ? 0 : 20,
    largestTransfer: mbps === null ? 0 : 12_000_000,
    loaded: null,
    ...(error ? { error } : {}),
  }
}
