import { describe, expect, it } from 'vitest'
import { directionFixture } from './engine/report-fixture.ts'
import type { SpeedTestReport } from './engine/run-speed-test.ts'
import { applyUpdate, finishView, formatMbps, formatMs, startView, stopView } from './speed-view.ts'

describe('applyUpdate()', () => {
  it('keeps progress, the server and measures as they arrive', () => {
    let view = startView()
    view = applyUpdate(view, { phase: 'latency', progress: 10, serverLocation: 'Lab' })
    view = applyUpdate(view, { phase: 'latency', latencySample: 12 })
    view = applyUpdate(view, { phase: 'download', progress: 25, ping: 12, jitter: 0.5 })
    expect(view).toMatchObject({
      status: 'running',
      progress: 25,
      phase: 'download',
      serverLocation: 'Lab',
      ping: 12,
      jitter: 0.5,
      latencySamples: [12],
    })
    expect(view.download).toBeUndefined()
  })

  it('records live rates per phase and clears the live value when the phase changes', () => {
    let view = applyUpdate(startView(), { phase: 'download', liveMbps: 80 })
    view = applyUpdate(view, { phase: 'download', liveMbps: 90 })
    expect(view.liveMbps).toBe(90)
    view = applyUpdate(view, { phase: 'upload', progress: 70, download: 90 })
    expect(view.liveMbps).toBeUndefined()
    expect(view.rates).toEqual([
      { phase: 'download', mbps: 80 },
      { phase: 'download', mbps: 90 },
    ])
  })

  it('keeps a failed measure as null, not as a number', () => {
    const view = applyUpdate(startView(), { phase: 'download', progress: 25, ping: null, jitter: null })
    expect(view.ping).toBeNull()
  })
})

describe('finishView() and stopView()', () => {
  it('shows the final result at 100 %', () => {
    const report: SpeedTestReport = {
      result: {
        download: 93.1,
        upload: null,
        ping: 9.5,
        jitter: 1.2,
        serverLocation: 'Lab',
        server: 'ours',
        errors: { upload: 'All upload tests failed' },
      },
      latency: null,
      download: directionFixture('download', 93.1),
      upload: directionFixture('upload', null, 'All upload tests failed'),
    }
    expect(finishView(startView(), report)).toMatchObject({
      status: 'done',
      progress: 100,
      download: 93.1,
      upload: null,
    })
  })

  it('keeps what was measured when cancelled', () => {
    const view = stopView({ ...startView(), progress: 25, ping: 10 }, 'cancelled', 'Test cancelled.')
    expect(view).toMatchObject({ status: 'cancelled', progress: 25, ping: 10, error: 'Test cancelled.' })
  })
})

describe('formatMbps() and formatMs()', () => {
  it('shows fewer decimals for larger values', () => {
    expect(formatMbps(940.4)).toBe('940')
    expect(formatMbps(93.46)).toBe('93.5')
    expect(formatMbps(4.567)).toBe('4.57')
    expect(formatMs(12.34)).toBe('12.3')
    expect(formatMs(150.4)).toBe('150')
  })
})
