import { describe, expect, it } from 'vitest'
import { THROUGHPUT_PLAN } from './constants.ts'
import { selectEndpoints } from './endpoints.ts'
import { createFakeNetwork, type FakeNetworkOptions } from './fake-network.ts'
import { measureThroughput, spreadBytes } from './throughput.ts'

const endpoints = selectEndpoints('ours', 'http://speed.test')

function measure(direction: 'download' | 'upload', options: FakeNetworkOptions, serverMaxBytes = 100_000_000) {
  const net = createFakeNetwork(options)
  const run = measureThroughput(direction, {
    env: net.env,
    endpoints,
    signal: new AbortController().signal,
    serverMaxBytes,
    serverBytesPerMinute: options.bytesPerMinute,
  })
  return { net, run }
}

const sizesAsked = (requests: string[]) =>
  requests.flatMap((r) => {
    const match = /bytes=(\d+)$/.exec(r)
    return match ? [Number(match[1])] : []
  })

describe('measureThroughput()', () => {
  it.each([
    ['download', 2],
    ['download', 100],
    ['download', 1000],
    ['upload', 2],
    ['upload', 100],
    ['upload', 1000],
  ] as const)('measures a %s link of %d Mbit/s within 2 %%', async (direction, mbps) => {
    const { run } = measure(direction, { downloadMbps: mbps, uploadMbps: mbps })
    const result = await run
    expect(result.error).toBeUndefined()
    expect(result.window?.wholePhase).toBe(false)
    expect(result.mbps).toBeGreaterThan(mbps * 0.98)
    expect(result.mbps).toBeLessThan(mbps * 1.02)
  })

  it('grows transfers until each lasts long enough to be timed, on fast links and slow ones', async () => {
    const fast = measure('download', { downloadMbps: 1000 })
    const fastResult = await fast.run
    const fastSizes = sizesAsked(fast.net.requests)
    expect(fastSizes[0]).toBe(THROUGHPUT_PLAN.firstBytes)
    // 1000 Mbit/s over 4 connections is about 31 MB per connection-second.
    expect(fastResult.largestTransfer).toBeGreaterThan(20_000_000)
    expect(fastResult.rampTransfers).toBeGreaterThan(1)

    const slow = measure('download', { downloadMbps: 2 })
    const slowResult = await slow.run
    // 100 kB at 2 Mbit/s already takes 400 ms: the ramp stops at once and sizes never shrink below it.
    expect(slowResult.rampTransfers).toBe(1)
    expect(Math.min(...sizesAsked(slow.net.requests))).toBe(THROUGHPUT_PLAN.firstBytes)
  })

  it('uploads sized to the link too, the largest far beyond a mebibyte on a fast link', async () => {
    const { net, run } = measure('upload', { uploadMbps: 800 })
    await run
    expect(Math.max(...net.uploads)).toBeGreaterThan(10_000_000)
  })

  it('never asks for more than the server takes', async () => {
    const { net, run } = measure('download', { downloadMbps: 1000 }, 5_000_000)
    const result = await run
    expect(Math.max(...sizesAsked(net.requests))).toBe(5_000_000)
    expect(result.mbps).toBeGreaterThan(950)
  })

  it('leaves the warm-up out: a link slow for its first second is measured at its steady rate', async () => {
    let slowUntil: number | undefined
    const { run } = measure('download', {
      downloadMbps: (_bytes, now) => {
        slowUntil ??= now + 1000
        return now < slowUntil ? 10 : 100
      },
    })
    const result = await run
    expect(result.mbps).toBeGreaterThan(98)
    expect(result.mbps).toBeLessThan(102)
  })

  it('measures the round trip under load with small requests beside the transfers', async () => {
    const { run } = measure('download', { downloadMbps: 50, rtts: [20], loadedExtraMs: 80 })
    const result = await run
    expect(result.loaded?.ping).toBeCloseTo(100, 0)
    expect(result.loaded?.samples.length).toBeGreaterThan(10)
  })

  it('counts a probe that failed under load apart, never its time as a round trip', async () => {
    // Every third probe is refused at once (0 ms): counted as a round trip, it would pull the median down.
    const { run } = measure('download', {
      downloadMbps: 50,
      rtts: [20],
      loadedExtraMs: 80,
      fail: (url, call) => (url.endsWith('/ping') && call % 3 === 2 ? 'http-503' : undefined),
    })
    const result = await run
    expect(result.failedProbes).toBeGreaterThan(3)
    expect(Math.min(...(result.loaded?.samples ?? []))).toBeCloseTo(100, 0)
    expect(result.loaded?.ping).toBeCloseTo(100, 0)
  })

  it('fails with "All download tests failed" and the cause when no transfer works, and no number', async () => {
    const { run } = measure('download', { fail: (url) => (url.includes('/down') ? 'http-503' : undefined) })
    expect(await run).toMatchObject({
      mbps: null,
      window: null,
      error: 'All download tests failed: the server failed to answer (status 503)',
      stoppedEarly: 'the server failed to answer (status 503)',
    })
  })

  it('fails with "All upload tests failed" and the reason in words when no upload moves a byte', async () => {
    const { run } = measure('upload', { fail: (url) => (url.includes('/up') ? 'network' : undefined) })
    expect(await run).toMatchObject({ mbps: null, error: 'All upload tests failed: the connection failed' })
  })

  it("gives the server's own words when it refuses a transfer for its byte budget", async () => {
    // The budget is spent by others (e.g. another tab): the engine does not know it.
    const net = createFakeNetwork({ bytesPerMinute: 1000 })
    const run = measureThroughput('upload', {
      env: net.env,
      endpoints,
      signal: new AbortController().signal,
      serverMaxBytes: 100_000_000,
    })
    expect(await run).toMatchObject({
      mbps: null,
      error: 'All upload tests failed: Too much speed-test traffic from your address. Try again in 30 s.',
    })
  })

  it('counts an upload cut short by the bytes it sent: a rate, not a failure', async () => {
    const { run } = measure('upload', {
      uploadMbps: 40,
      fail: (url, call) => (url.includes('/up') && call === 0 ? 'cut' : undefined),
    })
    const result = await run
    expect(result.error).toBeUndefined()
    expect(result.stoppedEarly).toBe('the connection failed')
    expect(result.window?.wholePhase).toBe(true)
    expect(result.mbps).toBeGreaterThan(39)
    expect(result.mbps).toBeLessThan(41)
  })

  it('counts uploads too slow to finish in the phase by the bytes they sent', async () => {
    let rampDone: number | undefined
    // Fast through the ramp, then 200 times slower: no transfer of the phase ever finishes.
    const { run } = measure('upload', {
      uploadMbps: (bytes, now) => {
        if (bytes >= 2_000_000) rampDone ??= now
        return rampDone !== undefined && now > rampDone + 300 ? 1 : 200
      },
    })
    const result = await run
    expect(result.transfers).toBe(0)
    expect(result.error).toBeUndefined()
    expect(result.window?.wholePhase).toBe(true)
    expect(result.mbps).toBeGreaterThan(0.5)
  })

  it('asks for no more than its quarter of the per-minute budget, and ends the phase there', async () => {
    const { net, run } = measure('download', { downloadMbps: 1000, bytesPerMinute: 2_000_000_000 })
    const result = await run
    expect(sizesAsked(net.requests).reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(500_000_000)
    expect(net.refusals).toEqual([])
    expect(result.allowanceSpent).toBe(true)
    expect(result.stoppedEarly).toBeUndefined()
    expect(result.mbps).toBeGreaterThan(950)
  })

  it('ends the phase at the first refused transfer and says so, keeping what was measured before it', async () => {
    const { run } = measure('download', {
      downloadMbps: 100,
      fail: (url, call) => (url.includes('/down') && call === 30 ? 'http-429' : undefined),
    })
    const result = await run
    expect(result.stoppedEarly).toBe('the server refuses more speed-test traffic from your address for now')
    expect(result.mbps).toBeGreaterThan(90)
    expect(result.mbps).toBeLessThan(102)
  })

  it('rejects with the abort reason when cancelled mid-phase, and starts nothing more', async () => {
    const net = createFakeNetwork({ downloadMbps: 100 })
    const controller = new AbortController()
    let stopAt = 0
    const run = measureThroughput('download', {
      env: net.env,
      endpoints,
      signal: controller.signal,
      serverMaxBytes: 100_000_000,
      onRate: () => {
        if (++stopAt === 20) controller.abort(new DOMException('cancelled', 'AbortError'))
      },
    })
    await expect(run).rejects.toMatchObject({ name: 'AbortError' })
    const count = net.requests.length
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(net.requests).toHaveLength(count)
  })
})

describe('spreadBytes()', () => {
  it('counts the part of each transfer that falls inside the window, spread over its duration', () => {
    const transfers = [
      { stream: 0, bytes: 1000, startedAt: 0, endedAt: 1000 },
      { stream: 1, bytes: 500, startedAt: 500, endedAt: 1500 },
    ]
    expect(spreadBytes(transfers, 500, 1000)).toBe(500 + 250)
    expect(spreadBytes(transfers, 2000, 3000)).toBe(0)
  })
})
