import { describe, expect, it } from 'vitest'
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
  download: { mbps: 93.14, stages: [] },
  upload: { mbps: null, transfers: [], error: 'All upload tests failed' },
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
})
