// guardedFetch() against real HTTP and HTTPS servers on loopback.
import http from 'node:http'
import https from 'node:https'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { GuardedFetchError, guardedFetch } from '../../src/diagnostics/net/guarded-http.ts'
import { createNet, type Net } from '../../src/diagnostics/net/net.ts'
import { createTestCa, opensslAvailable, type TestCa } from '../support/tls/test-ca.ts'

const loopbackNet = createNet({ targetAllow: ['127.0.0.0/8'], dnsServers: ['127.0.0.1:9'], ownAddresses: [] })
const strictNet = createNet({ targetAllow: [], dnsServers: ['127.0.0.1:9'], ownAddresses: [] })

function listen(server: http.Server): Promise<string> {
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve(`127.0.0.1:${(server.address() as AddressInfo).port}`)),
  )
}

async function failureOf(promise: Promise<unknown>): Promise<GuardedFetchError> {
  const error = await promise.catch((e: unknown) => e)
  expect(error).toBeInstanceOf(GuardedFetchError)
  return error as GuardedFetchError
}

describe('guardedFetch() over HTTP', () => {
  const seen: { url?: string; host?: string }[] = []
  let host: string
  const server = http.createServer((req, res) => {
    seen.push({ url: req.url, host: req.headers.host })
    if (req.url === '/big') return res.end('x'.repeat(5000))
    if (req.url === '/to-ok') return res.writeHead(302, { location: '/ok' }).end()
    if (req.url === '/to-metadata') return res.writeHead(301, { location: 'http://169.254.169.254/latest' }).end()
    if (req.url === '/to-ftp') return res.writeHead(302, { location: 'ftp://files.example/x' }).end()
    if (req.url === '/to-credentials') return res.writeHead(302, { location: `http://u:p@${host}/ok` }).end()
    if (req.url === '/loop') return res.writeHead(302, { location: '/loop' }).end()
    if (req.url === '/silent') return
    res.writeHead(200, { 'content-type': 'text/plain' }).end('hello')
  })
  beforeAll(async () => {
    host = await listen(server)
  })
  afterAll(() => {
    server.closeAllConnections()
    server.close()
  })
  const fetchWith = (p: string, extra: object = {}) =>
    guardedFetch(`http://${host}${p}`, { net: loopbackNet, signal: AbortSignal.timeout(5000), ...extra })

  it('returns status, body and the checked address it connected to', async () => {
    const res = await fetchWith('/ok?x=1')
    expect(res.status).toBe(200)
    expect(res.body.toString()).toBe('hello')
    expect(res.address).toBe('127.0.0.1')
    expect(res.headers['content-type']).toBe('text/plain')
    expect(seen.at(-1)).toEqual({ url: '/ok?x=1', host })
  })

  it('refuses an address the policy denies without connecting', async () => {
    const before = seen.length
    const error = await failureOf(
      guardedFetch(`http://${host}/ok`, { net: strictNet, signal: AbortSignal.timeout(5000) }),
    )
    expect(error.kind).toBe('policy')
    expect(error.message).toBe('127.0.0.1 is not allowed: loopback')
    expect(seen.length).toBe(before)
  })

  it('stops reading a body larger than maxBytes', async () => {
    const error = await failureOf(fetchWith('/big', { maxBytes: 1000 }))
    expect(error.kind).toBe('too-large')
    expect(error.message).toBe(`${host} sent more than 1000 bytes`)
  })

  it('returns a redirect as is when no redirect may be followed', async () => {
    const res = await fetchWith('/to-ok')
    expect(res.status).toBe(302)
    expect(res.headers.location).toBe('/ok')
  })

  it('follows a redirect and reports the chain', async () => {
    const res = await fetchWith('/to-ok', { maxRedirects: 2 })
    expect(res.status).toBe(200)
    expect(res.url).toBe(`http://${host}/ok`)
    expect(res.redirects).toEqual([`http://${host}/to-ok`])
  })

  it('checks every redirect target against the policy', async () => {
    const error = await failureOf(fetchWith('/to-metadata', { maxRedirects: 2 }))
    expect(error.kind).toBe('policy')
    expect(error.failureSource).toBe('policy')
    expect(error.message).toMatch(/^169\.254\.169\.254 is not allowed: /)
  })

  it('refuses a redirect to another scheme or to a URL with credentials, without following it', async () => {
    const ftp = await failureOf(fetchWith('/to-ftp', { maxRedirects: 2 }))
    expect([ftp.kind, ftp.failureSource, ftp.message]).toEqual([
      'url',
      'target',
      'Redirect to an unsupported scheme: ftp:',
    ])
    const before = seen.length
    const credentials = await failureOf(fetchWith('/to-credentials', { maxRedirects: 2 }))
    expect(credentials.message).toBe('URLs with credentials are not supported')
    expect(seen.length).toBe(before + 1)
  })

  it('returns the redirect that would exceed the limit, after following as many as allowed', async () => {
    const before = seen.length
    const res = await fetchWith('/loop', { maxRedirects: 3 })
    expect(res.status).toBe(302)
    expect(res.redirects).toHaveLength(3)
    expect(seen.length - before).toBe(4)
  })

  it('gives up at the deadline when the server never answers', async () => {
    const error = await failureOf(fetchWith('/silent', { timeoutMs: 300 }))
    expect(error.kind).toBe('timeout')
    expect(error.message).toBe(`No answer from ${host} within 300 ms`)
  })

  it('rejects schemes other than http and https', async () => {
    const error = await failureOf(
      guardedFetch('file:///etc/passwd', { net: loopbackNet, signal: AbortSignal.timeout(1000) }),
    )
    expect(error.kind).toBe('url')
  })
})

if (!opensslAvailable) console.warn('SKIPPED: guardedFetch HTTPS test needs openssl')

describe.skipIf(!opensslAvailable)('guardedFetch() over HTTPS', () => {
  let testCa: TestCa | undefined
  let server: https.Server
  let port: number
  let ca: Buffer
  const names: (string | undefined)[] = []
  // A name only this test knows: the fake resolver maps it to loopback, the certificate names it.
  const net: Pick<Net, 'policy' | 'resolveTarget'> = {
    policy: loopbackNet.policy,
    resolveTarget: async (host) =>
      host === 'rdap.example.test'
        ? { ok: true, host, addresses: [{ address: '127.0.0.1', family: 4 }] }
        : { ok: false, failureSource: 'target', error: `${host} does not exist (NXDOMAIN from resolver 127.0.0.1:53)` },
  }

  beforeAll(async () => {
    testCa = await createTestCa()
    const site = await testCa.selfSigned(['rdap.example.test'])
    ca = Buffer.from(site.cert)
    server = https.createServer({ key: site.key, cert: ca }, (req, res) => {
      names.push((req.socket as import('node:tls').TLSSocket).servername || undefined)
      res.end(`host=${req.headers.host}`)
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    port = (server.address() as AddressInfo).port
  })
  afterAll(async () => {
    server?.close()
    await testCa?.remove()
  })

  it('connects to the checked address with the URL name as SNI and Host, verifying the certificate', async () => {
    const res = await guardedFetch(`https://rdap.example.test:${port}/x`, {
      net,
      ca,
      signal: AbortSignal.timeout(5000),
    })
    expect(res.body.toString()).toBe(`host=rdap.example.test:${port}`)
    expect(names.at(-1)).toBe('rdap.example.test')
    expect(res.address).toBe('127.0.0.1')
  })

  it('fails when the certificate is not trusted', async () => {
    const error = await failureOf(
      guardedFetch(`https://rdap.example.test:${port}/x`, { net, signal: AbortSignal.timeout(5000) }),
    )
    expect(error.kind).toBe('network')
    expect(error.message).toMatch(/SELF_SIGNED|self-signed/i)
  })
})
