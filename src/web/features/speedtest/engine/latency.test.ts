import { describe, expect, it } from 'vitest'
import { selectEndpoints } from './endpoints.ts'
import { createFakeNetwork } from './fake-network.ts'
import { LatencyFailed, measureLatency } from './latency.ts'

const endpoints = selectEndpoints('ours', 'http://speed.test')
const signal = () => new AbortController().signal

describe('measureLatency()', () => {
  it('takes 20 samples 100 ms apart, each with a 2 s deadline; ping is their median and jitter their standard deviation', async () => {
    const rtts = [30, 10, 12, 11, 13, 10, 14, 12, 11, 13]
    const net = createFakeNetwork({ rtts })
    const result = await measureLatency(net.env, endpoints, signal())
    expect(result.samples).toEqual([...rtts, ...rtts])
    expect(result.ping).toBe(12)
    expect(result.jitter).toBeCloseTo(5.6071, 4)
    expect(result).toMatchObject({ failedSamples: 0, timedOutSamples: 0 })
    expect(net.requests).toEqual(Array(20).fill('GET http://speed.test/api/speed/ping'))
    expect(net.sleeps.filter((ms) => ms === 100)).toHaveLength(19)
    expect(net.sleeps.filter((ms) => ms === 2000)).toHaveLength(20)
  })

  it('gives up a request with no answer after 2 s and counts it as timed out, not as failed', async () => {
    const net = createFakeNetwork({ rtts: [20, 20, 5000, 20] })
    const started = net.now()
    const result = await measureLatency(net.env, endpoints, signal())
    expect(result.samples).toHaveLength(15)
    expect(result.samples.every((ms) => ms === 20)).toBe(true)
    expect(result).toMatchObject({ failedSamples: 0, timedOutSamples: 5 })
    // 15 answers of 20 ms, 5 deadlines of 2 s, 19 pauses of 100 ms: no request waited its 5 s.
    expect(net.now() - started).toBe(15 * 20 + 5 * 2000 + 19 * 100)
  })

  it('leaves failed samples out of ping and jitter', async () => {
    const net = createFakeNetwork({ rtts: [20, 40], fail: (_url, call) => (call % 2 === 0 ? 'network' : undefined) })
    const result = await measureLatency(net.env, endpoints, signal())
    expect(result.samples).toHaveLength(10)
    expect(result).toMatchObject({ failedSamples: 10, timedOutSamples: 0 })
  })

  it('fails with "Latency measurement failed" when no sample succeeds', async () => {
    const net = createFakeNetwork({ fail: () => 'http-503' })
    const error = await measureLatency(net.env, endpoints, signal()).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(LatencyFailed)
    expect(error).toMatchObject({ message: 'Latency measurement failed', failedSamples: 20, timedOutSamples: 0 })
  })

  it('counts a sample whose answer has no readable body as failed ("Stream reader not available")', async () => {
    const net = createFakeNetwork({ fail: () => 'no-body' })
    const error = await measureLatency(net.env, endpoints, signal()).catch((e: Error) => e)
    expect((error as Error).message).toBe('Latency measurement failed')
    expect(((error as Error).cause as Error).message).toBe('Stream reader not available')
  })
})
