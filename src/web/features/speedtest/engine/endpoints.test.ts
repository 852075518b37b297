import { describe, expect, it } from 'vitest'
import { selectEndpoints } from './endpoints.ts'
import type { SpeedEnvironment } from './environment.ts'

const neverCalled: SpeedEnvironment = {
  fetch: () => Promise.reject(new Error('no request expected')),
  upload: () => Promise.reject(new Error('no upload expected')),
  now: () => 0,
  sleep: async () => undefined,
  randomBytes: (n) => new Uint8Array(n),
}

describe('selectEndpoints()', () => {
  it("points every request at our own server's /api/speed routes by default", () => {
    const ours = selectEndpoints('ours', 'https://tools.example.net')
    expect(ours.pingUrl()).toBe('https://tools.example.net/api/speed/ping')
    expect(ours.downloadUrls(25_000_000)).toEqual(['https://tools.example.net/api/speed/down?bytes=25000000'])
    expect(ours.uploadUrls()).toEqual(['https://tools.example.net/api/speed/up'])
  })

  it('asks our server for its name and its largest transfer', async () => {
    const asked: string[] = []
    const env: SpeedEnvironment = {
      ...neverCalled,
      fetch: async (url) => {
        asked.push(url)
        return Response.json({ name: 'Frankfurt 1', maxBytes: 100_000_000 })
      },
    }
    const info = await selectEndpoints('ours', 'http://localhost:8080').describeServer(
      env,
      new AbortController().signal,
    )
    expect(info).toEqual({ name: 'Frankfurt 1', maxBytes: 100_000_000 })
    expect(asked).toEqual(['http://localhost:8080/api/speed/server'])
  })

  it("uses Cloudflare's public __down and __up endpoints when chosen, without contacting them to name the server", async () => {
    const cf = selectEndpoints('cloudflare', 'https://tools.example.net')
    expect(cf.pingUrl()).toBe('https://speed.cloudflare.com/__down?bytes=0')
    expect(cf.downloadUrls(10_485_760)).toEqual(['https://speed.cloudflare.com/__down?bytes=10485760'])
    expect(cf.uploadUrls()).toEqual(['https://speed.cloudflare.com/__up'])
    expect(await cf.describeServer(neverCalled, new AbortController().signal)).toEqual({
      name: 'Cloudflare (speed.cloudflare.com)',
      maxBytes: 100_000_000,
    })
  })
})
