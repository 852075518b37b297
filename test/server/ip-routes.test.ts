// GET /api/ip: the caller's address, as text for command-line clients and by default, JSON on request.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../support/app/app.ts'

const TOKEN = 'metrics-token-for-tests-0123456789'

describe('GET /api/ip', () => {
  let direct: TestApp
  let proxied: TestApp
  beforeAll(async () => {
    direct = await createTestApp({ DNS_SERVERS: '127.0.0.1:9', METRICS_TOKEN: TOKEN })
    proxied = await createTestApp({ DNS_SERVERS: '127.0.0.1:9', TRUST_PROXY: '127.0.0.1' })
  })
  afterAll(async () => {
    await direct?.close()
    await proxied?.close()
  })

  const get = (t: TestApp, headers: Record<string, string>) => t.app.inject({ method: 'GET', url: '/api/ip', headers })

  it.each([['curl/8.5.0'], ['Wget/1.21.4'], ['Mozilla/5.0 (X11; Linux x86_64)']])(
    'answers the address and a newline as text/plain for %s',
    async (agent) => {
      const res = await get(direct, { 'user-agent': agent, accept: '*/*' })
      expect(res.statusCode).toBe(200)
      expect(res.headers['content-type']).toMatch(/^text\/plain/)
      expect(res.body).toBe('127.0.0.1\n')
      expect(res.headers['cache-control']).toBe('no-store')
    },
  )

  it('answers text to HTTPie, although it sends Accept: application/json', async () => {
    const res = await get(direct, { 'user-agent': 'HTTPie/3.2.2', accept: 'application/json, */*;q=0.5' })
    expect(res.body).toBe('127.0.0.1\n')
  })

  it('answers JSON when asked with Accept: application/json', async () => {
    const res = await get(direct, { 'user-agent': 'Mozilla/5.0', accept: 'application/json' })
    expect(res.headers['content-type']).toMatch(/^application\/json/)
    expect(res.json()).toEqual({ ip: '127.0.0.1' })
  })

  it('ignores a forged X-Forwarded-For from an untrusted peer', async () => {
    const res = await get(direct, { 'user-agent': 'curl/8.5.0', 'x-forwarded-for': '203.0.113.9' })
    expect(res.body).toBe('127.0.0.1\n')
  })

  it('honours X-Forwarded-For when TRUST_PROXY trusts the peer', async () => {
    const res = await get(proxied, { 'user-agent': 'curl/8.5.0', 'x-forwarded-for': '203.0.113.9' })
    expect(res.body).toBe('203.0.113.9\n')
  })

  it('counts each answer once in the request metrics, HEAD apart from GET', async () => {
    const requests = async (method: string) => {
      const text = (await direct.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } })).body
      const series = `nettoolbox_http_requests_total{method="${method}",route="/api/ip",status="200"} `
      return Number(
        text
          .split('\n')
          .find((line) => line.startsWith(series))
          ?.slice(series.length) ?? 0,
      )
    }
    const [getsBefore, headsBefore] = [await requests('GET'), await requests('HEAD')]
    for (let i = 0; i < 3; i++) await get(direct, { 'user-agent': 'curl/8.5.0' })
    expect((await direct.app.inject({ method: 'HEAD', url: '/api/ip' })).statusCode).toBe(200)
    expect(await requests('GET')).toBe(getsBefore + 3)
    expect(await requests('HEAD')).toBe(headsBefore + 1)
  })
})
