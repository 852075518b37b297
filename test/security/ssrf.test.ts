// The SSRF corpus through the real API: every attempt to reach a denied address (literal spellings,
// names resolving to denied addresses, redirects, referrals, bootstrap entries, DNS rebinding) gets
// a clear answer, and no connection or datagram reaches any of the listening denied peers.
import type { LightMyRequestResponse } from 'fastify'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { createTestApp, type TestApp } from '../support/app/app.ts'
import { checkTool } from '../support/app/check-tool.ts'
import { knotAvailable } from '../support/dns/knot.ts'
import { type RebindingDns, startRebindingDns } from '../support/dns/rebinding-dns.ts'
import { opensslAvailable } from '../support/tls/test-ca.ts'
import { type Attempt, CORPUS, type Expectation, WHOIS_REFERRALS } from './ssrf-corpus.ts'
import { ALLOW, PEER_HOST, REBIND_HOST, type SsrfWorld, startSsrfWorld } from './ssrf-world.ts'

const fence = vi.hoisted(() => ({ breaches: [] as string[] }))
const spawns = vi.hoisted(() => ({ calls: [] as { file: string; args: string[] }[], fake: false }))
vi.mock('node:child_process', async (importOriginal) => {
  const { recordSpawnsModule } = await import('../support/net/egress-fence.ts')
  return recordSpawnsModule(await importOriginal(), spawns)
})
vi.mock('../../src/diagnostics/net/policy.ts', async (importOriginal) => {
  const { fencePolicyModule } = await import('../support/net/egress-fence.ts')
  return fencePolicyModule(await importOriginal(), fence)
})

const ready = knotAvailable && opensslAvailable
if (!ready) console.warn('SKIPPED: the SSRF corpus needs knotd (Debian knot) and openssl')

/** The corpus sends far more runs than a visitor may: the rate limits are not under test here. */
const UNLIMITED = { RATE_LIMIT_TOOLS_PER_MINUTE: '100000', RATE_LIMIT_EXPENSIVE_PER_MINUTE: '100000' }
const DENIAL = /is not allowed|has no public location|is not announced/

function expectAnswer(res: LightMyRequestResponse, expectation: Expectation) {
  if (expectation === 'invalid') {
    expect(res.statusCode).toBe(400)
    expect(res.json().error.type).toBe('invalid_input')
    return
  }
  expect(res.statusCode).toBe(200)
  const answer = res.json()
  if (expectation === 'policy') {
    expect(answer).toMatchObject({ status: 'failed', failureSource: 'policy' })
    expect(answer.error).toMatch(DENIAL)
  } else if ('failed' in expectation) {
    expect(answer.status).toBe('failed')
    expect(answer.error).toMatch(expectation.failed)
  } else {
    expect(JSON.stringify(answer)).toMatch(expectation.note)
  }
}

const label = (a: Attempt) => `${a.tool} ${a.input}${a.options ? ` ${JSON.stringify(a.options)}` : ''}`

describe.skipIf(!ready)('SSRF corpus', () => {
  let world: SsrfWorld
  let t: TestApp
  let rebinding: TestApp
  let rebinder: RebindingDns

  beforeAll(async () => {
    world = await startSsrfWorld(WHOIS_REFERRALS)
    const { HP, WP, SP } = world.ports
    t = await createTestApp({
      ...UNLIMITED,
      TARGET_ALLOW: ALLOW,
      DNS_SERVERS: world.knot.endpoint,
      DNS_ROOT_HINTS: world.knot.endpoint,
      WHOIS_SERVER: `${PEER_HOST}:${WP}`,
      RDAP_BOOTSTRAP_URL: `http://${PEER_HOST}:${HP}/bootstrap/`,
      MAIL_TEST_PORT: String(SP),
    })
    rebinder = await startRebindingDns({ host: REBIND_HOST, first: PEER_HOST, later: '127.0.0.2' })
    rebinding = await createTestApp({
      ...UNLIMITED,
      TARGET_ALLOW: ALLOW,
      DNS_SERVERS: rebinder.endpoint,
      MAIL_TEST_PORT: String(SP),
    })
  })
  afterAll(async () => {
    await Promise.all([t?.close(), rebinding?.close(), rebinder?.stop()])
    await world?.stop()
  })

  /** Fills the port placeholders: "{HP}" alone becomes a number, inside text a string. */
  function fillOptions(options: Record<string, unknown> | undefined) {
    if (!options) return undefined
    const entries = Object.entries(options).map(([key, value]) => {
      if (typeof value !== 'string') return [key, value]
      return [key, /^\{[A-Z]+\}$/.test(value) ? Number(world.fill(value)) : world.fill(value)]
    })
    return Object.fromEntries(entries)
  }

  function post(app: TestApp, tool: string, input: string, options?: Record<string, unknown>) {
    return checkTool(app, tool, world.fill(input), { options: options ? fillOptions(options) : undefined })
  }

  it(`holds at least 60 attempts against every tool that connects out`, () => {
    expect(CORPUS.length).toBeGreaterThanOrEqual(60)
    const tools = new Set(CORPUS.map((a) => a.tool))
    for (const tool of ['website-check', 'ssl', 'mail', 'ping', 'traceroute', 'dns', 'whois', 'geolocation']) {
      expect(tools).toContain(tool)
    }
  })

  it.each(CORPUS.map((attempt) => [label(attempt), attempt] as const))(
    'refuses %s and reaches no denied peer',
    async (_, attempt) => {
      const hits = world.recorders.hits.length
      const launched = spawns.calls.length
      const res = await post(t, attempt.tool, attempt.input, attempt.options)
      expectAnswer(res, attempt.expect)
      expect(world.recorders.hits.slice(hits)).toEqual([])
      expect(spawns.calls.slice(launched)).toEqual([])
    },
  )

  describe('allowed peers in TARGET_ALLOW still work (the corpus is not refused wholesale)', () => {
    it('checks a website whose name resolves to an allowed address', async () => {
      const answer = (await post(t, 'website-check', 'http://ok.ssrf.test:{HP}/')).json()
      expect(answer).toMatchObject({ status: 'ok', result: { finalStatus: 200, hops: [{ address: PEER_HOST }] } })
    })

    it('pings an allowed address with the binary given "--" and the checked literal last', async () => {
      const launched = spawns.calls.length
      const answer = (await post(t, 'ping', '127.0.0.65', { count: 1 })).json()
      expect(answer.result).toMatchObject({ address: PEER_HOST })
      expect(spawns.calls.slice(launched).map((c) => c.args.slice(-2))).toEqual([['--', PEER_HOST]])
    })

    it('traces an allowed name with mtr given the checked literal', async () => {
      const launched = spawns.calls.length
      const answer = (await post(t, 'traceroute', 'ok.ssrf.test', { count: 1 })).json()
      expect(answer.result).toMatchObject({ address: PEER_HOST })
      expect(spawns.calls.slice(launched).map((c) => c.args.slice(-2))).toEqual([['--', PEER_HOST]])
    })

    it('asks an allowed custom DNS server', async () => {
      const answer = (await post(t, 'dns', 'ok.ssrf.test', { server: '127.0.0.64:{KP}', type: 'A' })).json()
      expect(answer.status).toBe('ok')
      expect(answer.lines.join('\n')).toContain(PEER_HOST)
    })

    it('inspects an allowed TLS server', async () => {
      const before = world.tls.connections()
      await post(t, 'ssl', 'ok.ssrf.test:{TP}')
      expect(world.tls.connections()).toBeGreaterThan(before)
    })

    it('follows a whois referral to an allowed server', async () => {
      const answer = (await post(t, 'whois', 'ref-ok.whoisref')).json()
      expect(answer.result.sources).toEqual([`${PEER_HOST}:${world.ports.WP}`, `ok.ssrf.test:${world.ports.WP}`])
    })
  })

  describe('DNS rebinding: the first answer is allowed, every later one is 127.0.0.2 (TTL 0)', () => {
    it('website check connects only to the address it checked', async () => {
      const before = world.site.requests.length
      const answer = (await post(rebinding, 'website-check', 'http://rebind-web.test:{HP}/')).json()
      expect(answer).toMatchObject({ status: 'ok', result: { hops: [{ address: PEER_HOST }] } })
      // The page, then its security.txt, both from the address checked first: the name is asked once.
      expect(world.site.requests.slice(before)).toEqual(['/', '/.well-known/security.txt'])
      expect(rebinder.asked.get('rebind-web.test')).toBe(1)
    })

    it('a redirect to the same name is resolved again and stopped by the policy', async () => {
      const answer = (await post(rebinding, 'website-check', 'http://rebind-hop.test:{HP}/redir?to=/')).json()
      expect(answer).toMatchObject({ status: 'failed', failureSource: 'policy' })
      expect(answer.error).toMatch(
        /^Redirect to http:\/\/rebind-hop\.test:\d+\/ stopped: .*127\.0\.0\.2.*is not allowed/,
      )
    })

    it('SSL check makes every connection to the one checked address', async () => {
      const before = world.tls.connections()
      await post(rebinding, 'ssl', 'rebind-ssl.test:{TP}')
      expect(world.tls.connections() - before).toBeGreaterThan(1)
      expect(rebinder.asked.get('rebind-ssl.test')).toBe(1)
    })

    it('TCP ping sends every probe to the one checked address', async () => {
      const answer = (await post(rebinding, 'ping', 'rebind-ping.test', { count: 3, mode: 'tcp', port: '{HP}' })).json()
      expect(answer.result.replies.map((r: { from?: string }) => r.from)).toEqual([PEER_HOST, PEER_HOST, PEER_HOST])
      expect(rebinder.asked.get('rebind-ping.test')).toBe(1)
    })

    it('mail test probes only checked addresses', async () => {
      const res = await post(rebinding, 'mail', 'rebind-mail.test')
      expect(res.statusCode).toBe(200)
    })

    it('no denied peer saw a connection or datagram', () => {
      expect(world.recorders.hits).toEqual([])
    })
  })

  it('never allowed an address outside loopback (egress fence)', () => {
    expect(fence.breaches).toEqual([])
  })
})
