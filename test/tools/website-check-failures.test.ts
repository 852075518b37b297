// Website check failures with the product's messages, against real loopback peers: a slow server, a
// closed port, a server that hangs up, an untrusted certificate; and input rules through the API.
import { readFileSync } from 'node:fs'
import net from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createNet, type Net } from '../../src/diagnostics/net/net.ts'
import { createTrustStore } from '../../src/diagnostics/net/trust-anchors.ts'
import { runTool } from '../../src/diagnostics/run/run-tool.ts'
import { createWebsiteCheckDiagnostic } from '../../src/diagnostics/website-check/run.ts'
import { UNKNOWN_ISSUER } from '../../src/shared/tools/ssl/trust-words.ts'

import type { WebsiteCheckResult } from '../../src/shared/tools/website-check/schema.ts'
import { createTestApp, type TestApp } from '../support/app/app.ts'
import { checkTool } from '../support/app/check-tool.ts'
import { type KnotServer, knotAvailable, startKnot } from '../support/dns/knot.ts'
import { type HttpSite, startHttpSite } from '../support/http/http-site.ts'
import { freePort } from '../support/net/ports.ts'
import { createTestCa, opensslAvailable, type TestCa } from '../support/tls/test-ca.ts'
import { startTlsSite, type TlsSite } from '../support/tls/tls-site.ts'

const zoneText = readFileSync(new URL('../fixtures/served/zones/tls-sites.zone', import.meta.url), 'utf8')
const ready = knotAvailable && opensslAvailable
if (!ready) console.warn('SKIPPED: website check tests need knotd (Debian knot) and openssl')

describe.skipIf(!ready)('website check failures', () => {
  let ca: TestCa
  let knot: KnotServer
  let netFacade: Net
  let slow: HttpSite
  let secure: TlsSite
  let selfSigned: TlsSite
  let hangup: net.Server
  let hangupPort: number
  const timers = new Set<NodeJS.Timeout>()

  beforeAll(async () => {
    ca = await createTestCa()
    const good = await ca.issue({ names: ['secure.example.test'] })
    const self = await ca.selfSigned(['badcert.example.test'])
    secure = await startTlsSite({ host: '127.0.0.23', key: good.key, cert: good.chain })
    selfSigned = await startTlsSite({ host: '127.0.0.27', key: self.key, cert: self.chain })
    slow = await startHttpSite('127.0.0.24', (_q, response) => {
      timers.add(setTimeout(() => response.end('late'), 3000))
    })
    hangup = net.createServer((socket) => socket.destroy())
    await new Promise<void>((resolve) => hangup.listen(0, '127.0.0.26', resolve))
    hangupPort = (hangup.address() as net.AddressInfo).port
    knot = await startKnot([{ origin: 'example.test', text: zoneText }])
    netFacade = createNet({ targetAllow: ['127.0.0.0/24'], dnsServers: [knot.endpoint] })
  })
  afterAll(async () => {
    for (const timer of timers) clearTimeout(timer)
    await Promise.all([slow?.close(), secure?.close(), selfSigned?.close()])
    hangup?.close()
    await knot?.stop()
    await ca?.remove()
  })

  async function run(input: string, timeoutMs = 10_000) {
    const check = createWebsiteCheckDiagnostic({ trust: createTrustStore(ca.rootFile), timeoutMs })
    const answer = await runTool(check, check.request.parse({ input }), {
      net: netFacade,
      signal: new AbortController().signal,
    })
    return { ...answer, result: answer.result as WebsiteCheckResult }
  }

  it('reports "Timeout (>Ns)" when the site does not answer within the budget', async () => {
    const answer = await run(`${slow.origin('slow.example.test')}/`, 1000)
    expect(answer.status).toBe('failed')
    expect(answer.error).toBe('Timeout (>1s)')
    expect(answer.result.up).toBe(false)
    expect(answer.result.hops[0]).toMatchObject({ address: '127.0.0.24', status: null, error: 'Timeout (>1s)' })
    expect(answer.result.hops[0]?.timings.connectMs).not.toBeNull()
  })

  it('reports "Connection failed" for a closed port, naming the host that refused', async () => {
    const port = await freePort('127.0.0.1')
    const answer = await run(`http://refused.example.test:${port}/`)
    expect(answer.failureSource).toBe('target')
    expect(answer.error).toBe(`Connection failed: refused.example.test refused the connection on port ${port}`)
    expect(answer.result.hops[0]?.error).toBe(answer.error)
  })

  it('reports "No response" when the server closes the connection without answering', async () => {
    const answer = await run(`http://hangup.example.test:${hangupPort}/`)
    expect(answer.error).toBe('No response')
    expect(answer.result.hops[0]?.error).toMatch(/^No response/)
  })

  it('reports "SSL Certificate Error" for a self-signed certificate, with the reason in the hop', async () => {
    const answer = await run(`https://badcert.example.test:${selfSigned.port}/`)
    expect(answer.error).toBe('SSL Certificate Error')
    expect(answer.result.hops[0]?.error).toBe(
      'SSL Certificate Error: the certificate is not trusted: it is self-signed',
    )
    expect(answer.result.hops[0]?.timings.tlsMs).toBeNull()
  })

  describe('through the API', () => {
    let t: TestApp
    beforeAll(async () => {
      t = await createTestApp({ DNS_SERVERS: knot.endpoint, TARGET_ALLOW: '127.0.0.0/24' })
    })
    afterAll(async () => t?.close())
    const post = (input: string) => checkTool(t, 'website-check', input)

    it('answers 400 "Please enter a URL" for blank input and "Please enter a valid URL" for junk', async () => {
      expect((await post('  ')).json()).toEqual({ error: { type: 'invalid_input', message: 'Please enter a URL' } })
      for (const input of ['ftp://example.test/', 'http://', 'exa mple.test']) {
        const res = await post(input)
        expect(res.statusCode, input).toBe(400)
        expect(res.json().error.message).toBe('Please enter a valid URL')
      }
    })

    it('prepends https:// and, with only the default trust store, fails on the test CA', async () => {
      const body = (await post(`secure.example.test:${secure.port}/final`)).json()
      expect(body.input).toBe(`https://secure.example.test:${secure.port}/final`)
      expect(body.status).toBe('failed')
      expect(body.error).toBe('SSL Certificate Error')
      expect(body.result.hops[0].error).toBe(`SSL Certificate Error: the certificate is not trusted: ${UNKNOWN_ISSUER}`)
    })
  })
})
