// Direction results and reports for tests of the views: measured rates or failures, nothing else filled in.
import type { SpeedTestResult } from '../../../../shared/tools/speedtest/schema.ts'
import type { SpeedTestReport } from './run-speed-test.ts'
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

/** A finished test (95.2 Mbps down, 20.4 up, 9.5 ms) with `result` fields replaced as given. */
export function reportFixture(result: Partial<SpeedTestResult> = {}): SpeedTestReport {
  const full: SpeedTestResult = {
    download: 95.2,
    upload: 20.4,
    ping: 9.5,
    jitter: 1.2,
    serverLocation: 'Lab',
    server: 'ours',
    errors: {},
    ...result,
  }
  return {
    result: full,
    latency: { ping: 9.5, jitter: 1.2, samples: [9.5, 10.2], failedSamples: 0 },
    download: directionFixture('download', full.download),
    upload: directionFixture('upload', full.upload),
  }
}
