// Misbehaving peers: a DNS server (custom and configured) that never answers, whois that drips or
// floods, TLS that stalls mid-handshake, SMTP that never greets, an HTTP redirect loop and a reset
// mid-response. Every tool answers within its own deadline with a clear message, and the server
// stays healthy afterwards. The faults run concurrently; the slowest is the 12 s SMTP banner wait.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createNet } from '../../src/diagnostics/net/net.ts'
import { createRdapClient } from '../../src/diagnostics/rdap/rdap-client.ts'
import { createRegistry } from '../../src/diagnostics/registry.ts'
import { runTool } from '../../src/diagnostics/run/run-tool.ts'
import { createWhoisDiagnostic } from '../../src/diagnostics/whois/run.ts'
import { loadConfig } from '../../src/server/config.ts'
import type { ToolAnswer } from '../../src/shared/tools/tool-answer.ts'
import { createTestApp, type TestApp } from '../support/app/app.ts'
import { checkTool } from '../support/app/check-tool.ts'
import { type KnotServer, knotAvailable, startKnot } from '../support/dns/knot.ts'
import { freePort } from '../support/net/ports.ts'
import {
  type Closable,
  startBadHttp,
  startDrippingWhois,
  startFloodingWhois,
  startHalfHelloTls,
  startSilentDns,
  startSilentTcp,
} from './faulty-peers.ts'

const ALLOW = '127.0.0.128/26'
const HOST = {
  knot: '127.0.0.130',
  dns: '127.0.0.131',
  whois: '127.0.0.132',
  tls: '127.0.0.133',
  smtp: '127.0.0.134',
  web: '127.0.0.135',
}
/** Time for the answer to travel after the deadline fired (timers, serialisation). */
const MARGIN_MS = 1500
const LIMITS = {
  RATE_LIMIT_TOOLS_PER_MINUTE: '10000',
  RATE_LIMIT_EXPENSIVE_PER_MINUTE: '10000',
  MAX_CONCURRENT_PER_CLIENT: '64',
}

const ZONE = `$ORIGIN faults.test.
$TTL 60
@ IN SOA ns h 1 3600 600 86400 60
@ IN NS ns
ns IN A ${HOST.knot}
stall IN A ${HOST.tls}
half IN A ${HOST.tls}
web IN A ${HOST.web}
`

if (!knotAvailable) console.warn('SKIPPED: the fault tests need knotd (Debian package knot)')

describe.skipIf(!knotAvailable)('tools facing misbehaving peers', () => {
  let knot: KnotServer
  const peers: Record<string, Closable> = {}
  let t: TestApp
  let deaf: TestApp
  const answers = new Map<string, ToolAnswer>()
  let deadlines: Record<string, number>

  beforeAll(async () => {
    knot = await startKnot([{ origin: 'faults.test', text: ZONE }], { address: HOST.knot })
    Object.assign(peers, {
      dns: await startSilentDns(HOST.dns),
      drip: await startDrippingWhois(HOST.whois),
      flood: await startFloodingWhois(HOST.whois, 10 * 1024 * 1024),
      stall: await startSilentTcp(HOST.tls),
      half: await startHalfHelloTls(HOST.tls),
      smtp: await startSilentTcp(HOST.smtp),
      web: await startBadHttp(HOST.web),
    })
    const env = {
      ...LIMITS,
      TARGET_ALLOW: ALLOW,
      DNS_SERVERS: knot.endpoint,
      WHOIS_SERVER: `${HOST.whois}:${peers.drip?.port}`,
      RDAP_BOOTSTRAP_URL: `http://${HOST.web}:${peers.web?.port}/reset/`,
      MAIL_TEST_PORT: String(peers.smtp?.port),
    }
    t = await createTestApp(env)
    deaf = await createTestApp({ ...LIMITS, TARGET_ALLOW: ALLOW, DNS_SERVERS: `${HOST.dns}:${peers.dns?.port}` })
    const registry = createRegistry(loadConfig(env))
    deadlines = Object.fromEntries(Object.entries(registry).map(([id, d]) => [id, d?.deadlineMs ?? 0]))

    const post = async (app: TestApp, tool: string, input: string, options?: object) =>
      (await checkTool(app, tool, input, { options })).json()
    const flood = async () => {
      const closed = await freePort(HOST.web)
      const rdap = createRdapClient({ bootstrapUrl: `http://${HOST.web}:${closed}/` })
      const whois = createWhoisDiagnostic({ whoisServer: `${HOST.whois}:${peers.flood?.port}`, rdap })
      const net = createNet({ targetAllow: [ALLOW], dnsServers: [knot.endpoint] })
      return runTool(whois, { input: 'example.faults' }, { net, signal: new AbortController().signal })
    }
    const runs: Record<string, Promise<ToolAnswer>> = {
      'dns silent server': post(t, 'dns', 'web.faults.test', { type: 'A', server: `${HOST.dns}:${peers.dns?.port}` }),
      'website silent resolver': post(deaf, 'website-check', 'http://web.faults.test/'),
      'ping silent resolver': post(deaf, 'ping', 'web.faults.test', { count: 1 }),
      'mail silent resolver': post(deaf, 'mail', 'faults.test'),
      'whois drip': post(t, 'whois', 'example.faults'),
      'whois flood': flood(),
      'ssl stall': post(t, 'ssl', `stall.faults.test:${peers.stall?.port}`),
      'ssl half hello': post(t, 'ssl', `half.faults.test:${peers.half?.port}`),
      'mail tarpit': post(t, 'mail', HOST.smtp),
      'website loop': post(t, 'website-check', `http://web.faults.test:${peers.web?.port}/loop`),
      'website reset': post(t, 'website-check', `http://web.faults.test:${peers.web?.port}/reset`),
    }
    for (const [name, answer] of Object.entries(runs)) answers.set(name, await answer)
  }, 90_000)

  afterAll(async () => {
    await Promise.all([t?.close(), deaf?.close(), ...Object.values(peers).map((p) => p.close())])
    await knot?.stop()
  })

  const answer = (name: string) => {
    const found = answers.get(name)
    if (!found) throw new Error(`no answer for ${name}`)
    expect(found.durationMs).toBeLessThanOrEqual((deadlines[found.tool] ?? 0) + MARGIN_MS)
    return found
  }

  it.each([
    // A name server the user typed is what was asked about: its silence is the target's failure.
    ['dns silent server', 'target', /^The name server you chose, 127\.0\.0\.131:\d+, did not answer$/],
    ['website silent resolver', 'server', /^This server's resolver [\d.:]+ did not answer for web\.faults\.test$/],
    ['ping silent resolver', 'server', /^This server's resolver [\d.:]+ did not answer for web\.faults\.test$/],
    ['mail silent resolver', 'server', /^This server's resolver did not answer for the MX records of faults\.test$/],
    // The whois server of the chain is the registries' machinery, not the name asked about.
    [
      'whois drip',
      'server',
      /^No registry answered for example\.faults: the RDAP directory could not be read: .*; the whois server 127\.0\.0\.132:\d+ sent no complete answer within 6000 ms$/,
    ],
    ['ssl stall', 'target', /no TLS handshake with 127\.0\.0\.133:\d+ within 8000 ms$/],
    ['ssl half hello', 'target', /no TLS handshake with 127\.0\.0\.133:\d+ within 8000 ms$/],
    ['website loop', 'target', /^Too many redirects \(more than 10\)$/],
  ] as const)('%s: a failed answer from the %s within the deadline', (name, source, message) => {
    const found = answer(name)
    expect(found).toMatchObject({ status: 'failed', failureSource: source })
    expect(found.error).toMatch(message)
  })

  it('whois flood: reads 1 MiB of a 10 MB answer and says it cut the rest', () => {
    const found = answer('whois flood')
    const raw = (found.result as { raw: string }).raw
    expect(raw).toContain('[answer cut at 1048576 bytes]')
    expect(raw.length).toBeLessThan(1.1 * 1024 * 1024)
  })

  it('mail tarpit: the silent server is reported after the banner wait, not the whole deadline', () => {
    const found = answer('mail tarpit')
    expect(JSON.stringify(found.result)).toContain(
      'no banner within 12 s: the server accepted the connection but stayed silent',
    )
  })

  it('website reset: the answer keeps the status and says the body was cut', () => {
    const found = answer('website reset')
    expect(found.result).toMatchObject({ finalStatus: 200, bodyTruncated: true, bodyBytes: 'partial body'.length })
  })

  it('stays healthy afterwards: /healthz answers 200 and a normal lookup works', async () => {
    for (const app of [t, deaf]) expect((await app.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200)
    const res = await checkTool(t, 'dns', 'web.faults.test', { options: { type: 'A' } })
    expect(res.json()).toMatchObject({ status: 'ok' })
    expect(res.json().lines.join('\n')).toContain(HOST.web)
  })
})
