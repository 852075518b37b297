import { describe, expect, it } from 'vitest'
import { directionFixture, reportFixture } from './engine/report-fixture.ts'
import type { SpeedTestReport } from './engine/run-speed-test.ts'
import { speedResultText } from './speed-result-text.ts'

const finishedReport: SpeedTestReport = {
  result: {
    download: 93.14,
    upload: null,
    ping: 9.5,
    jitter: 1.25,
    serverLocation: 'Lab',
    server: 'ours',
    errors: { upload: 'All upload tests failed' },
  },
  latency: { ping: 9.5, jitter: 1.25, samples: [9.5, 10.25], failedSamples: 0 },
  download: directionFixture('download', 93.14),
  upload: directionFixture('upload', null, 'All upload tests failed'),
}

describe('speedResultText()', () => {
  it('gives the server, each measure with its unit, a failed one with its reason, and the latency samples', () => {
    expect(speedResultText(finishedReport)).toBe(
      [
        'Server: Lab (this site’s server)',
        'Download: 93.1 Mbps',
        'Upload: Failed (All upload tests failed)',
        'Ping: 9.5 ms',
        'Jitter: 1.3 ms',
        'Latency samples (ms): 9.5, 10.3',
      ].join('\n'),
    )
  })

  it('gives the generic reason when the engine named none, and no samples line without latency', () => {
    const report: SpeedTestReport = {
      ...finishedReport,
      result: { ...finishedReport.result, ping: null, jitter: null, server: 'cloudflare', errors: {} },
      latency: null,
    }
    const text = speedResultText(report)
    expect(text).toContain('Server: Lab (Cloudflare)')
    expect(text).toContain('Ping: Failed (Latency measurement failed)')
    expect(text).not.toContain('Latency samples')
  })

  it('adds latency under load and the bufferbloat grade with its scale', () => {
    const report: SpeedTestReport = {
      ...finishedReport,
      result: {
        ...finishedReport.result,
        loaded: { download: { ping: 54.5, jitter: 3.25, samples: 25 }, upload: null },
        bufferbloat: { grade: 'B', addedMs: 45, scale: 'A+ under 5 ms, F from 400 ms' },
      },
    }
    const text = speedResultText(report)
    expect(text).toContain('Latency during download: 54.5 ms (jitter 3.3 ms)')
    expect(text).toContain('Latency during upload: not measured (no probe answered)')
    expect(text).toContain('Bufferbloat: grade B, 45.0 ms more under load (A+ under 5 ms, F from 400 ms)')
  })

  it('adds the spread of the round trips and the failed latency requests before the samples', () => {
    const spread = { min: 9.5, p25: 9.7, median: 9.9, p75: 10.1, p90: 10.2, max: 10.3, samples: 2 }
    const report: SpeedTestReport = {
      ...finishedReport,
      result: {
        ...finishedReport.result,
        percentiles: { idle: spread, download: null, upload: null },
        latencyRequests: { idle: { sent: 3, failed: 1, timedOut: 0 }, download: null, upload: null },
      },
    }
    expect(speedResultText(report).split('\n').slice(-3)).toEqual([
      'Idle latency spread (2 samples): min 9.5, p25 9.7, median 9.9, p75 10.1, p90 10.2, max 10.3 ms',
      'Latency requests: idle 1 of 3 failed (a failed request is not packet loss)',
      'Latency samples (ms): 9.5, 10.3',
    ])
  })

  it('marks a rate whose phase was cut short as incomplete, with the reason', () => {
    const report = reportFixture({ incomplete: { download: 'the connection failed' } })
    expect(speedResultText(report).split('\n')).toContain('Download: 95.2 Mbps (incomplete: the connection failed)')
  })
})
