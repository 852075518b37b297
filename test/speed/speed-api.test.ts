// The speed-test endpoints through app.inject and over real HTTP on loopback.
import { request as httpRequest } from 'node:http'
import { gzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createClient, latestOutboxMail, signUpVerified } from '../support/app/accounts.ts'
import { createTestApp, type TestApp } from '../support/app/app.ts'

const MAX = 8_000_000

describe('speed-test endpoints', () => {
  let t: TestApp
  let url: string
  beforeAll(async () => {
    t = await createTestApp({ SPEED_MAX_BYTES: String(MAX), SPEED_SERVER_NAME: 'Test Lab, Frankfurt' })
    url = await t.app.listen({ port: 0, host: '127.0.0.1' })
  })
  afterAll(async () => t?.close())

  it('GET /api/speed/down sends exactly the bytes asked for, uncompressed and uncached', async () => {
    const res = await t.app.inject({ url: '/api/speed/down?bytes=3000000', headers: { 'accept-encoding': 'gzip, br' } })
    expect(res.statusCode).toBe(200)
    expect(res.rawPayload.length).toBe(3_000_000)
    expect(res.headers['content-length']).toBe('3000000')
    expect(res.headers['content-type']).toBe('application/octet-stream')
    expect(res.headers['content-encoding']).toBeUndefined()
    expect(res.headers['cache-control']).toBe('no-store, no-transform')
    expect(res.headers['server-timing']).toMatch(/^app;dur=\d+\.\d{3}$/)
  })

  it('GET /api/speed/down sends data that does not compress', async () => {
    const res = await t.app.inject('/api/speed/down?bytes=1000000')
    expect(gzipSync(res.rawPayload).length).toBeGreaterThan(990_000)
  })

  it('GET /api/speed/down answers the same payload to every request (no per-request randomness)', async () => {
    const [a, b] = await Promise.all([
      t.app.inject('/api/speed/down?bytes=4096'),
      t.app.inject('/api/speed/down?bytes=4096'),
    ])
    expect(a.rawPayload.equals(b.rawPayload)).toBe(true)
  })

  it('GET /api/speed/down accepts 0 bytes and the cap, and refuses more than the cap or no count', async () => {
    expect((await t.app.inject('/api/speed/down?bytes=0')).rawPayload.length).toBe(0)
    expect((await t.app.inject(`/api/speed/down?bytes=${MAX}`)).rawPayload.length).toBe(MAX)
    const over = await t.app.inject(`/api/speed/down?bytes=${MAX + 1}`)
    expect(over.statusCode).toBe(400)
    expect(over.json()).toEqual({ error: { type: 'invalid_input', message: `bytes must be at most ${MAX}` } })
    expect((await t.app.inject('/api/speed/down')).statusCode).toBe(400)
    expect((await t.app.inject('/api/speed/down?bytes=1.5')).statusCode).toBe(400)
  })

  it('GET /api/speed/ping answers a tiny uncached body', async () => {
    const res = await t.app.inject('/api/speed/ping')
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ pong: true })
    expect(res.headers['cache-control']).toBe('no-store, no-transform')
    expect(res.headers['server-timing']).toMatch(/^app;dur=/)
  })

  it('GET /api/speed/server names the server, its cap and the per-client byte budget per minute', async () => {
    const res = await t.app.inject('/api/speed/server')
    expect(res.json()).toEqual({ name: 'Test Lab, Frankfurt', maxBytes: MAX, bytesPerMinute: 100_000_000_000 })
  })

  it('POST /api/speed/up counts bodies of any content type, or none, without parsing them', async () => {
    const bodies: Array<[string | undefined, Buffer]> = [
      ['application/octet-stream', Buffer.alloc(2_000_000, 1)],
      ['application/json', Buffer.from('{"not": "parsed"')],
      ['text/plain', Buffer.from('hello')],
      ['multipart/form-data; boundary=x', Buffer.alloc(70_000)],
      [undefined, Buffer.alloc(123)],
    ]
    for (const [type, body] of bodies) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/speed/up',
        payload: body,
        headers: type ? { 'content-type': type } : {},
      })
      expect(res.statusCode, String(type)).toBe(200)
      expect(res.json()).toMatchObject({ bytes: body.length })
      expect(res.json().durationMs).toBeGreaterThanOrEqual(0)
    }
    const empty = await t.app.inject({ method: 'POST', url: '/api/speed/up' })
    expect(empty.json()).toMatchObject({ bytes: 0 })
  })

  it('POST /api/speed/up refuses a body over the cap with 413', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/speed/up',
      payload: Buffer.alloc(MAX + 1),
      headers: { 'content-type': 'application/octet-stream' },
    })
    expect(res.statusCode).toBe(413)
    expect(res.json().error.type).toBe('payload_too_large')
  })

  it('keeps the 64 KiB body limit on every other route', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/speed/result', payload: { big: 'x'.repeat(70_000) } })
    expect(res.statusCode).toBe(413)
  })

  it('streams a download over real HTTP with the announced length', async () => {
    const response = await fetch(`${url}/api/speed/down?bytes=${MAX}`)
    expect(response.headers.get('content-encoding')).toBeNull()
    const body = new Uint8Array(await response.arrayBuffer())
    expect(body.length).toBe(MAX)
  })

  it('receives a chunked upload with no length over real HTTP', async () => {
    const answer = await new Promise<string>((resolve, reject) => {
      const req = httpRequest(`${url}/api/speed/up`, { method: 'POST' }, (res) => {
        let text = ''
        res
          .setEncoding('utf8')
          .on('data', (c: string) => (text += c))
          .on('end', () => resolve(text))
      })
      req.on('error', reject)
      for (let i = 0; i < 10; i++) req.write(Buffer.alloc(100_000, i))
      req.end()
    })
    expect(JSON.parse(answer)).toMatchObject({ bytes: 1_000_000 })
  })
})

describe('saving a speed test result', () => {
  let t: TestApp
  const result = {
    download: 93.4,
    upload: 41.2,
    ping: 12.5,
    jitter: 1.8,
    serverLocation: 'localhost:8080',
    server: 'ours',
    errors: {},
  }
  beforeAll(async () => {
    t = await createTestApp()
  })
  afterAll(async () => t?.close())

  it('refuses a signed-out caller with 401', async () => {
    const res = await createClient(t.app).post('/api/speed/result', result)
    expect(res.statusCode).toBe(401)
  })

  it("saves a signed-in user's result to their history as tool speedtest", async () => {
    const user = await signUpVerified(t.app, 'speedy@example.test', 'speedy-secret', (to) =>
      latestOutboxMail(t.dataDir, to),
    )
    const res = await user.post('/api/speed/result', result)
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ saved: true })
    const [item] = (await user.get('/api/history')).json().items
    expect(item).toMatchObject({ toolName: 'speedtest', inputValue: null, resultData: result })
  })

  it('refuses a result without any measurement', async () => {
    const user = await signUpVerified(t.app, 'empty@example.test', 'empty-secret', (to) =>
      latestOutboxMail(t.dataDir, to),
    )
    const res = await user.post('/api/speed/result', {
      ...result,
      download: null,
      upload: null,
      ping: null,
      jitter: null,
    })
    expect(res.statusCode).toBe(400)
  })
})
