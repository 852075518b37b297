import { describe, expect, it } from 'vitest'
import { resultLines } from './result-lines.ts'

const saved = { download: 95.2, upload: 20.4, ping: 12, jitter: 1.2, serverLocation: 'Lab', server: 'ours', errors: {} }

describe('resultLines() for the speed test', () => {
  it('reads a result saved before the quality figures as before', () => {
    expect(resultLines('speedtest', saved)).toEqual([
      'Server: Lab',
      'Download: 95.2 Mbps',
      'Upload: 20.4 Mbps',
      'Ping: 12 ms',
      'Jitter: 1.2 ms',
    ])
  })

  it('adds the latency spread of a newer result', () => {
    const percentiles = {
      idle: { min: 10, p25: 11, median: 12, p75: 13, p90: 15, max: 20, samples: 20 },
      download: null,
      upload: null,
    }
    expect(resultLines('speedtest', { ...saved, percentiles })).toContain(
      'Idle latency spread (20 samples): min 10.0, p25 11.0, median 12.0, p75 13.0, p90 15.0, max 20.0 ms',
    )
  })
})
