import { describe, expect, it } from 'vitest'
import { selectEndpoints } from './endpoints.ts'
import { createFakeNetwork } from './fake-network.ts'
import { runSpeedTest, type SpeedUpdate } from './run-speed-test.ts'

const endpoints = selectEndpoints('ours', 'http://speed.test')

describe('runSpeedTest()', () => {
  it('moves through 10, 25, 70, 95 and 100 and reports what it measured', async () => {
    const net = createFakeNetwork({
      downloadMbps: 87.5,
      uploadMbps: 21.25,
      rtts: [15],
      loadedExtraMs: (direction) => (direction === 'download' ? 40 : 120),
      serverName: 'Lab server',
    })
    const updates: SpeedUpdate[] = []
    const report = await runSpeedTest({
      env: net.env,
      endpoints,
      signal: new AbortController().signal,
      onUpdate: (u) => updates.push(u),
    })
    expect(updates.flatMap((u) => (u.progress === undefined ? [] : [u.progress]))).toEqual([0, 10, 25, 70, 95, 100])
    const { result } = report
    expect(result).toMatchObject({ ping: 15, jitter: 0, serverLocation: 'Lab server', server: 'ours', errors: {} })
    expect(result.download).toBeGreaterThan(87.5 * 0.98)
    expect(result.download).toBeLessThan(87.5 * 1.02)
    expect(result.upload).toBeGreaterThan(21.25 * 0.98)
    expect(result.upload).toBeLessThan(21.25 * 1.02)
    // The simulated link hands out time in slices of a few ms: a round trip ends on the slice after it.
    const near = (ms: number) => ({ asymmetricMatch: (v: unknown) => typeof v === 'number' && v >= ms && v < ms + 8 })
    expect(result.loaded?.download).toMatchObject({ ping: near(55) })
    expect(result.loaded?.upload).toMatchObject({ ping: near(135) })
    expect(result.packetLoss).toEqual({
      measured: false,
      reason: 'browsers can only measure it over UDP, which this server does not offer',
    })
    // About 135 ms under upload load against 15 ms idle: 120 ms more, grade C.
    expect(result.bufferbloat).toEqual({
      grade: 'C',
      addedMs: near(120),
      scale: 'A+ under 5 ms, A under 30 ms, B under 60 ms, C under 200 ms, D under 400 ms, F from 400 ms',
    })
    // The 120 ms rise sets every rating; packet loss is not judged.
    expect(result.quality).toMatchObject({
      streaming: { rating: 'Average', limitedBy: ['latencyIncrease'] },
      gaming: { rating: 'Bad', limitedBy: ['latencyIncrease'] },
      videoCalls: { rating: 'Poor', limitedBy: ['latencyIncrease'] },
    })
    expect(result.quality?.gaming.notJudged.map((n) => n.input)).toEqual(['packetLoss'])
  })

  it('reports the spread of idle and loaded round trips and counts the latency requests that failed or timed out', async () => {
    const net = createFakeNetwork({
      downloadMbps: 50,
      uploadMbps: 20,
      rtts: [10, 12, 14, 16, 18, 3000, 11, 13, 15, 17],
      loadedExtraMs: 50,
      fail: (url, call) => (url.endsWith('/ping') && call === 3 ? 'http-503' : undefined),
    })
    const { result } = await runSpeedTest({ env: net.env, endpoints, signal: new AbortController().signal })
    // 20 idle requests: the 4th refused, the two answers that would take 3000 ms given up at 2 s.
    expect(result.latencyRequests?.idle).toEqual({ sent: 20, failed: 1, timedOut: 2 })
    const idle = result.percentiles?.idle
    expect(idle?.samples).toBe(17)
    expect(idle?.min).toBe(10)
    expect(idle?.max).toBe(18)
    expect(idle?.median).toBe(result.ping)
    expect(idle && idle.p25 <= idle.median && idle.median <= idle.p75 && idle.p75 <= idle.p90).toBe(true)
    for (const direction of ['download', 'upload'] as const) {
      const loaded = result.percentiles?.[direction]
      expect(loaded?.samples).toBe(result.loaded?.[direction]?.samples)
      expect(loaded?.median).toBe(result.loaded?.[direction]?.ping)
      expect(loaded?.min).toBeGreaterThanOrEqual(60)
      expect(result.latencyRequests?.[direction]).toEqual({ sent: loaded?.samples, failed: 0, timedOut: 0 })
    }
  })

  it('gives no bufferbloat grade when the idle latency could not be measured', async () => {
    let idle = true
    const net = createFakeNetwork({
      fail: (url) => (idle && url.endsWith('/ping') ? 'http-503' : undefined),
      downloadMbps: 20,
    })
    const { result } = await runSpeedTest({
      env: net.env,
      endpoints,
      signal: new AbortController().signal,
      onUpdate: (u) => {
        if (u.progress === 25) idle = false
      },
    })
    expect(result.ping).toBeNull()
    expect(result.loaded?.download).not.toBeNull()
    expect(result.bufferbloat).toBeNull()
  })

  it('reports a failed measurement as failed, never with a fallback number', async () => {
    const net = createFakeNetwork({ downloadMbps: 40, fail: (url) => (url.includes('/up') ? 'network' : undefined) })
    const { result } = await runSpeedTest({ env: net.env, endpoints, signal: new AbortController().signal })
    expect(result.upload).toBeNull()
    expect(result.errors).toEqual({ upload: 'All upload tests failed: the connection failed' })
    expect(result.download).toBeGreaterThan(39)
    expect(result.download).toBeLessThan(41)
  })

  it("keeps two whole tests in a row inside the server's byte budget, however fast the link", async () => {
    // 1000 Mbit/s both ways moves about 1 GB per direction in a full phase; the budget is 1.6 GB.
    const net = createFakeNetwork({ downloadMbps: 1000, uploadMbps: 1000, bytesPerMinute: 1_600_000_000 })
    for (const run of [1, 2]) {
      const report = await runSpeedTest({ env: net.env, endpoints, signal: new AbortController().signal })
      expect(net.refusals, `test ${run}`).toEqual([])
      expect(report.result.errors).toEqual({})
      expect(report.result.incomplete).toBeUndefined()
      for (const direction of [report.download, report.upload]) {
        expect(direction.allowanceSpent).toBe(true)
        expect(direction.mbps).toBeGreaterThan(950)
        expect(direction.mbps).toBeLessThan(1020)
      }
    }
  })

  it('marks a direction cut short as incomplete with the reason in words, and leaves it out of the grade', async () => {
    const net = createFakeNetwork({
      downloadMbps: 100,
      rtts: [10],
      loadedExtraMs: (direction) => (direction === 'download' ? 300 : 20),
      // The server's budget runs out during the download's phase.
      bytesPerMinute: 1_000_000_000_000,
      fail: (url, call) => (url.includes('/down') && call === 12 ? 'http-429' : undefined),
    })
    const { result } = await runSpeedTest({ env: net.env, endpoints, signal: new AbortController().signal })
    expect(result.incomplete).toEqual({
      download: 'the server refuses more speed-test traffic from your address for now',
    })
    expect(result.download).toBeGreaterThan(90)
    // Graded on the upload alone: 20 ms more, grade A (the download's 300 ms would give D).
    expect(result.bufferbloat?.grade).toBe('A')
  })

  it('goes on to the download when latency fails, and names the latency failure', async () => {
    const net = createFakeNetwork({ fail: (url) => (url.endsWith('/ping') ? 'http-503' : undefined) })
    const { result } = await runSpeedTest({ env: net.env, endpoints, signal: new AbortController().signal })
    expect(result).toMatchObject({ ping: null, jitter: null, errors: { latency: 'Latency measurement failed' } })
    expect(result.download).not.toBeNull()
    expect(result.percentiles?.idle).toBeNull()
    expect(result.latencyRequests?.idle).toEqual({ sent: 20, failed: 20, timedOut: 0 })
  })

  it('fails the whole test with the product text when nothing could be measured', async () => {
    const net = createFakeNetwork({ fail: (url) => (url.endsWith('/server') ? undefined : 'network') })
    await expect(runSpeedTest({ env: net.env, endpoints, signal: new AbortController().signal })).rejects.toThrow(
      /^Test failed\. Please check your connection and try again\.$/,
    )
  })

  it('fails the whole test when the server cannot be selected', async () => {
    const net = createFakeNetwork({ fail: () => 'http-503' })
    await expect(runSpeedTest({ env: net.env, endpoints, signal: new AbortController().signal })).rejects.toThrow(
      /^Test failed\./,
    )
    expect(net.requests).toEqual(['GET http://speed.test/api/speed/server'])
  })

  it('stops at once when cancelled, rejecting with the abort reason', async () => {
    const net = createFakeNetwork()
    const controller = new AbortController()
    const run = runSpeedTest({
      env: net.env,
      endpoints,
      signal: controller.signal,
      onUpdate: (u) => {
        if (u.progress === 25) controller.abort(new DOMException('cancelled', 'AbortError'))
      },
    })
    await expect(run).rejects.toMatchObject({ name: 'AbortError' })
    expect(net.requests.some((r) => r.includes('/down'))).toBe(false)
  })
})
