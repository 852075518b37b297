import { describe, expect, it } from 'vitest'
import { speedQualityLines } from './quality-lines.ts'
import { type SpeedTestResult, speedTestResult } from './schema.ts'

const base: SpeedTestResult = speedTestResult.parse({
  download: 95.2,
  upload: 20.4,
  ping: 12,
  jitter: 1.2,
  serverLocation: 'Lab',
  server: 'ours',
})

const spread = { min: 10, p25: 11, median: 12, p75: 13.3, p90: 17.4, max: 140, samples: 17 }

describe('speedQualityLines()', () => {
  it('gives no lines for a result saved before the quality figures existed', () => {
    expect(speedQualityLines(base)).toEqual([])
  })

  it('lists the spread of each phase that has samples, and the latency requests that failed or timed out', () => {
    const lines = speedQualityLines({
      ...base,
      percentiles: { idle: spread, download: { ...spread, samples: 1 }, upload: null },
      latencyRequests: {
        idle: { sent: 20, failed: 1, timedOut: 2 },
        download: { sent: 25, failed: 0, timedOut: 0 },
        upload: null,
      },
    })
    expect(lines).toEqual([
      'Idle latency spread (17 samples): min 10.0, p25 11.0, median 12.0, p75 13.3, p90 17.4, max 140 ms',
      'Latency during download spread (1 sample): min 10.0, p25 11.0, median 12.0, p75 13.3, p90 17.4, max 140 ms',
      'Latency requests: idle 1 of 20 failed, 2 timed out; during download 0 of 25 failed (a failed request is not packet loss)',
    ])
  })

  it('says packet loss was not measured and why, never 0 %', () => {
    const reason = 'browsers can only measure it over UDP, which this server does not offer'
    const lines = speedQualityLines({ ...base, packetLoss: { measured: false, reason } })
    expect(lines).toEqual([`Packet loss: not measured — ${reason}`])
    expect(lines.join('\n')).not.toMatch(/\b0\s*%/)
  })

  it('gives each use its rating, the inputs that set it, and what it could not judge', () => {
    const loss = { input: 'packetLoss' as const, reason: 'not measured: browsers can only measure it over UDP' }
    const lines = speedQualityLines({
      ...base,
      quality: {
        streaming: { rating: 'Great', limitedBy: ['download', 'latency'], notJudged: [loss] },
        gaming: { rating: 'Poor', limitedBy: ['latencyIncrease'], notJudged: [loss] },
        videoCalls: {
          rating: null,
          limitedBy: [],
          notJudged: [{ input: 'upload', reason: 'All upload tests failed' }, loss],
        },
      },
    })
    expect(lines).toEqual([
      'Streaming: Great; not judged: packet loss (not measured)',
      'Gaming: Poor (set by latency increase under load); not judged: packet loss (not measured)',
      'Video calls: not rated (nothing it depends on was measured); not judged: upload (All upload tests failed), packet loss (not measured)',
    ])
  })
})
