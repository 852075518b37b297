import { describe, expect, it } from 'vitest'
import { measureDownload } from './download.ts'
import { selectEndpoints } from './endpoints.ts'
import { createFakeNetwork } from './fake-network.ts'

const endpoints = selectEndpoints('ours', 'http://speed.test')
const signal = () => new AbortController().signal
const down = (bytes: number) => `GET http://speed.test/api/speed/down?bytes=${bytes}`

describe('measureDownload()', () => {
  it('runs 10485760 bytes on 2 connections, then 25000000 and 50000000 on 4, pausing 1500 ms between', async () => {
    const net = createFakeNetwork({ downloadMbps: 80 })
    await measureDownload(net.env, endpoints, signal())
    expect(net.requests).toEqual([
      ...Array(2).fill(down(10_485_760)),
      ...Array(4).fill(down(25_000_000)),
      ...Array(4).fill(down(50_000_000)),
    ])
    expect(net.sleeps).toEqual([1500, 1500])
  })

  it('reports the measured rate of the link, unscaled', async () => {
    const net = createFakeNetwork({ downloadMbps: 80 })
    const result = await measureDownload(net.env, endpoints, signal())
    expect(result.mbps).toBeCloseTo(80, 6)
    expect(result.stages.map((s) => s.status)).toEqual(['measured', 'measured', 'measured'])
  })

  it('takes the best stage', async () => {
    const net = createFakeNetwork({ downloadMbps: (bytes) => (bytes === 25_000_000 ? 95 : 60) })
    const result = await measureDownload(net.env, endpoints, signal())
    expect(result.mbps).toBeCloseTo(95, 6)
  })

  it('ignores a stage whose connections averaged 100 ms or less', async () => {
    // 2 × 10485760 bytes at 10 Gbit/s take about 17 ms.
    const net = createFakeNetwork({ downloadMbps: (bytes) => (bytes === 10_485_760 ? 10_000 : 50) })
    const result = await measureDownload(net.env, endpoints, signal())
    expect(result.stages[0]).toMatchObject({ status: 'ignored' })
    expect(result.stages[0]?.averageMs).toBeLessThanOrEqual(100)
    expect(result.mbps).toBeCloseTo(50, 6)
  })

  it('fails a stage with "All URLs failed for this connection" when a connection cannot download', async () => {
    const net = createFakeNetwork({
      downloadMbps: 40,
      fail: (url) => (url.endsWith('=50000000') ? 'http-503' : undefined),
    })
    const result = await measureDownload(net.env, endpoints, signal())
    expect(result.stages[2]).toMatchObject({
      status: 'failed',
      error: 'All URLs failed for this connection (HTTP 503)',
    })
    expect(result.mbps).toBeCloseTo(40, 6)
  })

  it('says "Stream reader not available" when an answer has no body to read', async () => {
    const net = createFakeNetwork({ fail: (url) => (url.endsWith('=10485760') ? 'no-body' : undefined) })
    const result = await measureDownload(net.env, endpoints, signal())
    expect(result.stages[0]?.error).toBe('All URLs failed for this connection (Stream reader not available)')
  })

  it('answers "All download tests failed" and no number when no stage could be measured', async () => {
    const net = createFakeNetwork({ fail: () => 'network' })
    const result = await measureDownload(net.env, endpoints, signal())
    expect(result).toMatchObject({ mbps: null, error: 'All download tests failed' })
    expect(result.stages.every((s) => s.status === 'failed')).toBe(true)
  })

  it('reports the live rate while bytes arrive', async () => {
    const net = createFakeNetwork({ downloadMbps: 120 })
    const live: number[] = []
    await measureDownload(net.env, endpoints, signal(), (mbps) => live.push(mbps))
    expect(live.length).toBeGreaterThan(10)
    // Bytes still in flight on the other connections make a reading up to a few chunks low.
    for (const mbps of live) {
      expect(mbps).toBeGreaterThan(108)
      expect(mbps).toBeLessThanOrEqual(120.000001)
    }
  })
})
