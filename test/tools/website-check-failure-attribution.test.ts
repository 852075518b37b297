// Whose failure a failed website check is, and how it is worded: our resolver failing (an error
// code, or silence for the whole budget) is this server's side; what the site did (refused, hung
// up, stayed silent, redirected badly) is the target's; a denied address, first or redirected to,
// is the policy's. Every peer is on loopback: HTTP servers, stub resolvers, a silent UDP socket.
import dgram from 'node:dgram'
import net from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createNet } from '../../src/diagnostics/net/net.ts'
import type { RunContext } from '../../src/diagnostics/types.ts'
import { createWebsiteCheckDiagnostic } from '../../src/diagnostics/website-check/run.ts'
import { failureToast } from '../../src/web/tool-panel/tool-outcome.ts'
import { type StubDns, startStubDns } from '../support/dns/stub-dns.ts'
import { type HttpSite, startHttpSite } from '../support/http/http-site.ts'
import { freePort } from '../support/net/ports.ts'

let servfail: StubDns
let nxdomain: StubDns
let silentResolver: dgram.Socket
let silentEndpoint: string
let site: HttpSite
let hangup: net.Server
let hangupPort: number
const timers = new Set<NodeJS.Timeout>()

beforeAll(async () => {
  servfail = await startStubDns('SERVFAIL')
  nxdomain = await startStubDns('NXDOMAIN')
  silentResolver = dgram.createSocket('udp4')
  await new Promise<void>((resolve) => silentResolver.bind(0, '127.0.0.1', resolve))
  silentEndpoint = `127.0.0.1:${silentResolver.address().port}`
  site = await startHttpSite('127.0.0.1', (request, response) => {
    const path = request.url ?? '/'
    if (path === '/slow') return void timers.add(setTimeout(() => response.end('late'), 3000))
    if (path === '/loop') return void response.writeHead(302, { location: '/loop' }).end()
    if (path === '/ftp') return void response.writeHead(302, { location: 'ftp://127.0.0.1/file' }).end()
    if (path === '/private') return void response.writeHead(302, { location: 'http://10.0.0.1/' }).end()
    response.end('ok')
  })
  hangup = net.createServer((socket) => socket.destroy())
  await new Promise<void>((resolve) => hangup.listen(0, '127.0.0.1', resolve))
  hangupPort = (hangup.address() as net.AddressInfo).port
})
afterAll(async () => {
  for (const timer of timers) clearTimeout(timer)
  silentResolver?.close()
  hangup?.close()
  await Promise.all([servfail?.stop(), nxdomain?.stop(), site?.close()])
})

async function check(input: string, resolver = servfail.endpoint, timeoutMs = 5000) {
  const diagnostic = createWebsiteCheckDiagnostic({ timeoutMs, maxRedirects: 2 })
  const netFacade = createNet({ targetAllow: ['127.0.0.0/8'], dnsServers: [resolver], ownAddresses: [] })
  const ctx: RunContext = { signal: new AbortController().signal, net: netFacade, progress: () => {} }
  const { status, failureSource, error } = (await diagnostic.run({ input }, ctx)) as {
    status: string
    failureSource?: string
    error?: string
  }
  return { status, failureSource, error }
}

describe("website check failures on this server's side", () => {
  it('our resolver answering SERVFAIL for the host', async () => {
    expect(await check('http://site.web.test/')).toEqual({
      status: 'failed',
      failureSource: 'server',
      error: `This server's resolver ${servfail.endpoint} answered SERVFAIL for site.web.test`,
    })
  })

  it('our resolver silent for the whole budget', async () => {
    expect(await check('http://site.web.test/', silentEndpoint, 1000)).toEqual({
      status: 'failed',
      failureSource: 'server',
      error: `This server's resolver ${silentEndpoint} did not answer for site.web.test`,
    })
  })
})

describe('website check failures about the target', () => {
  it('a host name that does not exist', async () => {
    expect(await check('http://gone.web.test/', nxdomain.endpoint)).toEqual({
      status: 'failed',
      failureSource: 'target',
      error: `gone.web.test does not exist (NXDOMAIN from resolver ${nxdomain.endpoint})`,
    })
  })

  it('a host refusing the connection, toasted without a second "failed"', async () => {
    const port = await freePort('127.0.0.1')
    const answer = await check(`http://127.0.0.1:${port}/`)
    const error = `Connection failed: 127.0.0.1 refused the connection on port ${port}`
    expect(answer).toEqual({ status: 'failed', failureSource: 'target', error })
    expect(failureToast('Website Check', new Error(answer.error))).toBe(error)
  })

  it('a host hanging up without an answer', async () => {
    expect(await check(`http://127.0.0.1:${hangupPort}/`)).toEqual({
      status: 'failed',
      failureSource: 'target',
      error: 'No response',
    })
  })

  it('a host answering too late', async () => {
    expect(await check(`http://127.0.0.1:${site.port}/slow`, servfail.endpoint, 1000)).toEqual({
      status: 'failed',
      failureSource: 'target',
      error: 'Timeout (>1s)',
    })
  })

  it('a site redirecting in circles', async () => {
    expect(await check(`http://127.0.0.1:${site.port}/loop`)).toEqual({
      status: 'failed',
      failureSource: 'target',
      error: 'Too many redirects (more than 2)',
    })
  })

  it('a site redirecting to another scheme', async () => {
    expect(await check(`http://127.0.0.1:${site.port}/ftp`)).toEqual({
      status: 'failed',
      failureSource: 'target',
      error: 'Redirect to an unsupported scheme: ftp:',
    })
  })
})

describe('website check refused by the target policy', () => {
  it('a private address', async () => {
    expect(await check('http://10.0.0.1/')).toEqual({
      status: 'failed',
      failureSource: 'policy',
      error: '10.0.0.1 is not allowed: private network (RFC 1918)',
    })
  })

  it('a redirect to a private address', async () => {
    expect(await check(`http://127.0.0.1:${site.port}/private`)).toEqual({
      status: 'failed',
      failureSource: 'policy',
      error: 'Redirect to http://10.0.0.1/ stopped: 10.0.0.1 is not allowed: private network (RFC 1918)',
    })
  })
})
