import { describe, expect, it } from 'vitest'
import { selectEndpoints } from './endpoints.ts'
import { createFakeNetwork } from './fake-network.ts'
import { runSpeedTest, type SpeedUpdate } from './run-speed-test.ts'

const endpoints = selectEndpoints('ours', 'http://speed.test')

describe('runSpeedTest()', () => {
  it('moves through 10, 25, 70, 95 and 100 and reports what it measured', async () => {
    const net = createFakeNetwork({ downloadMbps: 87.5, uploadMbps: 21.25, rtts: [15], serverName: 'Lab server' })
    const updates: SpeedUpdate[] = []
    const report = await runSpeedTest({
      env: net.env,
      endpoints,
      signal: new AbortController().signal,
      onUpdate: (u) => updates.push(u),
    })
    expect(updates.flatMap((u) => (u.progress === undefined ? [] : [u.progress]))).toEqual([0, 10, 25, 70, 95, 100])
    expect(report.result).toEqual({
      download: 87.5,
      upload: 21.25,
      ping: 15,
      jitter: 0,
      serverLocation: 'Lab server',
      server: 'ours',
      errors: {},
    })
  })

  it('reports a failed measurement as failed, never with a fallback number', async () => {
    const net = createFakeNetwork({ downloadMbps: 40, fail: (url) => (url.includes('/up') ? 'network' : undefined) })
    const { result } = await runSpeedTest({ env: net.env, endpoints, signal: new AbortController().signal })
    expect(result.upload).toBeNull()
    expect(result.errors).toEqual({ upload: 'All upload tests failed' })
    expect(result.download).toBeCloseTo(40, 2)
  })

  it('goes on to the download when latency fails, and names the latency failure', async () => {
    const net = createFakeNetwork({ fail: (url) => (url.endsWith('/ping') ? 'http-503' : undefined) })
    const { result } = await runSpeedTest({ env: net.env, endpoints, signal: new AbortController().signal })
    expect(result).toMatchObject({ ping: null, jitter: null, errors: { latency: 'Latency measurement failed' } })
    expect(result.download).not.toBeNull()
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
