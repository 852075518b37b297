import { describe, expect, it } from 'vitest'
import { selectEndpoints } from './endpoints.ts'
import { createFakeNetwork } from './fake-network.ts'
import { measureLatency } from './latency.ts'

const endpoints = selectEndpoints('ours', 'http://speed.test')
const signal = () => new AbortController().signal

describe('measureLatency()', () => {
  it('takes 10 samples 100 ms apart; ping is their median and jitter their standard deviation', async () => {
    const net = createFakeNetwork({ rtts: [30, 10, 12, 11, 13, 10, 14, 12, 11, 13] })
    const result = await measureLatency(net.env, endpoints, signal())
    expect(result.samples).toEqual([30, 10, 12, 11, 13, 10, 14, 12, 11, 13])
    expect(result.ping).toBe(12)
    expect(result.jitter).toBeCloseTo(5.6071, 4)
    expect(net.requests).toEqual(Array(10).fill('GET http://speed.test/api/speed/ping'))
    expect(net.sleeps).toEqual(Array(9).fill(100))
  })

  it('leaves failed samples out of ping and jitter', async () => {
    const net = createFakeNetwork({ rtts: [20, 40], fail: (_url, call) => (call % 2 === 0 ? 'network' : undefined) })
    const result = await measureLatency(net.env, endpoints, signal())
    expect(result.samples).toHaveLength(5)
    expect(result.failedSamples).toBe(5)
  })

  it('fails with "Latency measurement failed" when no sample succeeds', async () => {
    const net = createFakeNetwork({ fail: () => 'http-503' })
    await expect(measureLatency(net.env, endpoints, signal())).rejects.toThrow(/^Latency measurement failed$/)
  })

  it('counts a sample whose answer has no readable body as failed ("Stream reader not available")', async () => {
    const net = createFakeNetwork({ fail: () => 'no-body' })
    const error = await measureLatency(net.env, endpoints, signal()).catch((e: Error) => e)
    expect((error as Error).message).toBe('Latency measurement failed')
    expect(((error as Error).cause as Error).message).toBe('Stream reader not available')
  })
})
