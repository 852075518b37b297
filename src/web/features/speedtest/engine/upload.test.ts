import { describe, expect, it } from 'vitest'
import { selectEndpoints } from './endpoints.ts'
import { createFakeNetwork } from './fake-network.ts'
import { measureUpload } from './upload.ts'

const endpoints = selectEndpoints('ours', 'http://speed.test')
const signal = () => new AbortController().signal

describe('measureUpload()', () => {
  it('posts 262144, 524288 and 1048576 bytes, 500 ms apart, and reports the best rate unscaled', async () => {
    const net = createFakeNetwork({ uploadMbps: (bytes) => (bytes === 524_288 ? 30 : 20) })
    const result = await measureUpload(net.env, endpoints, signal())
    expect(net.uploads).toEqual([262_144, 524_288, 1_048_576])
    expect(net.requests).toEqual(Array(3).fill('POST http://speed.test/api/speed/up'))
    expect(net.sleeps).toEqual([500, 500])
    expect(result.mbps).toBeCloseTo(30, 6)
  })

  it('ignores a transfer that took less than 0.05 s', async () => {
    // 262144 bytes at 50 Mbit/s take 0.042 s; 524288 bytes take 0.084 s.
    const net = createFakeNetwork({ uploadMbps: 50 })
    const result = await measureUpload(net.env, endpoints, signal())
    expect(result.transfers.map((t) => t.status)).toEqual(['ignored', 'measured', 'measured'])
    expect(result.mbps).toBeCloseTo(50, 6)
  })

  it('reports the upload as failed, with no number, when every transfer failed or was too short', async () => {
    const net = createFakeNetwork({ uploadMbps: 1000, fail: (_url, call) => (call === 2 ? 'http-503' : undefined) })
    const result = await measureUpload(net.env, endpoints, signal())
    expect(result.transfers.map((t) => t.status)).toEqual(['ignored', 'ignored', 'failed'])
    expect(result).toMatchObject({ mbps: null, error: 'All upload tests failed' })
  })
})
