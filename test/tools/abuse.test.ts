// IP abuse check end to end through the API, with the shipped zone list, against Knot on loopback
// serving fixture answers under the real list names (AbuseIPDB is not configured here).
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { abuseResponse } from '../../src/shared/tools/abuse/schema.ts'
import { createTestApp, type TestApp } from '../support/app/app.ts'
import { checkTool, checkToolAnswer } from '../support/app/check-tool.ts'
import { LAB, startDnsblKnot } from '../support/dns/dnsbl-lab.ts'
import { type KnotServer, knotAvailable } from '../support/dns/knot.ts'

if (!knotAvailable) console.warn('SKIPPED: abuse integration tests need knotd (Debian package knot)')

describe.skipIf(!knotAvailable)('POST /api/tools/abuse against DNSBL zones on Knot', () => {
  let knot: KnotServer
  let t: TestApp

  beforeAll(async () => {
    knot = await startDnsblKnot({ everyList: true })
    t = await createTestApp({ DNS_SERVERS: knot.endpoint, TARGET_ALLOW: LAB.targetAllow })
  })
  afterAll(async () => {
    await t?.close()
    await knot?.stop()
  })

  async function check(input: string) {
    return abuseResponse.parse(await checkToolAnswer(t, 'abuse', input))
  }

  it('scores a listed address from its listings, each operator counted once, every point shown', async () => {
    const body = await check(LAB.listed)
    expect(body.status).toBe('ok')
    const result = body.result
    expect(result?.evidence).toEqual([
      {
        source: 'Spamhaus ZEN',
        detail: expect.stringContaining('SBL: direct spam source or spam operation'),
        points: 35,
      },
      { source: 'SpamCop', detail: 'Reported by SpamCop users as a spam source', points: 20 },
    ])
    expect(result).toMatchObject({
      ip: '198.51.100.10',
      abuseScore: 55,
      riskLevel: 'medium',
      reputation: 'Medium risk',
      advice: 'Block or closely watch traffic from this IP address, and report abuse to its network owner.',
      lastSeen: null,
    })
    expect(result?.categories).toEqual(expect.arrayContaining(['spam source', 'exploited host']))
    expect(result?.blacklists.listed).toBe(2)
    expect(body.lines).toContain('Abuse score: 55/100 (Medium risk)')
    expect(body.lines).toContain(`   +35  Spamhaus ZEN: ${result?.evidence[0]?.detail}`)
  })

  it('says which sources were not consulted instead of inventing data', async () => {
    const answer = await check(LAB.listed)
    const result = answer.result
    expect(result?.ispInfo).toEqual({ org: null, country: null, abuseEmail: null })
    expect(result?.notes).toContain('The ASN index has no network for 198.51.100.10')
    expect(result?.sources).toEqual([
      {
        source: 'Block lists',
        status: 'checked',
        detail: `${result?.blacklists.total} of ${result?.blacklists.total} checked`,
      },
      { source: 'AbuseIPDB', status: 'not checked', detail: 'no ABUSEIPDB_KEY is configured on this server' },
      // The lab resolver knows no RDAP bootstrap host, so the contact lookup fails and says why.
      {
        source: 'Registry (RDAP)',
        status: 'not checked',
        detail: expect.stringMatching(
          /^the RDAP directory could not be read: This server's resolver [\d.:]+ answered REFUSED for data\.iana\.org$/,
        ),
      },
    ])
    expect(answer.lines).toContain('  not checked  AbuseIPDB: no ABUSEIPDB_KEY is configured on this server')
  })

  it('counts a Tor exit node as low risk with the Tor category', async () => {
    const result = (await check(LAB.torExit)).result
    expect(result).toMatchObject({
      abuseScore: 20,
      riskLevel: 'low',
      reputation: 'Low risk',
      categories: ['Tor exit node'],
    })
    expect(result?.advice).toBe('No significant abuse evidence: no action needed.')
  })

  it('scores an unlisted address 0, clean', async () => {
    const result = (await check(LAB.unlisted)).result
    expect(result).toMatchObject({
      abuseScore: 0,
      riskLevel: 'clean',
      reputation: 'Clean',
      evidence: [],
      categories: [],
    })
  })

  it('shows a policy listing and an allow-listing as evidence worth no points', async () => {
    const policy = (await check(LAB.policyOnly)).result
    expect(policy?.abuseScore).toBe(0)
    expect(policy?.evidence).toEqual([
      {
        source: 'Spamhaus ZEN',
        detail: 'PBL: end-user address that should not send mail directly (set by the ISP)',
        points: 0,
      },
    ])
    const allowed = (await check(LAB.allowListed)).result
    expect(allowed?.evidence).toEqual([
      { source: 'DNSWL.org', detail: 'Allow-listed: Allow-listed, trust high', points: 0 },
    ])
  })

  it('accepts IPv6 and asks the lists that cover it', async () => {
    const result = (await check(LAB.listedV6)).result
    expect(result).toMatchObject({ ip: '2001:db8::bad', abuseScore: 35, riskLevel: 'medium' })
  })

  it('refuses a private address: public sources cannot list it', async () => {
    const res = await checkTool(t, 'abuse', '192.168.1.10')
    expect(res.json()).toMatchObject({
      status: 'failed',
      failureSource: 'target',
      error:
        '192.168.1.10 is a private network (RFC 1918) address: public block lists cannot list it, so none was asked',
    })
  })

  it.each([
    ['', 'Please enter an IP address'],
    ['   ', 'Please enter an IP address'],
    ['example.com', 'Please enter a valid IP address'],
    ['1.2.3.256', 'Please enter a valid IP address'],
  ])('answers 400 for input %j with "%s"', async (input, message) => {
    const res = await checkTool(t, 'abuse', input)
    expect(res.statusCode).toBe(400)
    expect(res.json()).toEqual({ error: { type: 'invalid_input', message } })
  })
})

describe.skipIf(!knotAvailable)('POST /api/tools/abuse when most block lists cannot be checked', () => {
  let knot: KnotServer
  let t: TestApp

  beforeAll(async () => {
    // Only the fixture lists are served: every other shipped list answers REFUSED, as a resolver
    // that cannot reach them would.
    knot = await startDnsblKnot()
    t = await createTestApp({ DNS_SERVERS: knot.endpoint, TARGET_ALLOW: LAB.targetAllow })
  })
  afterAll(async () => {
    await t?.close()
    await knot?.stop()
  })

  it('says "Not enough evidence" instead of a score, and counts only the lists it checked', async () => {
    const res = await checkTool(t, 'abuse', LAB.unlisted)
    const body = abuseResponse.parse(res.json())
    expect(body.status).toBe('ok')
    const result = body.result
    const summary = result?.blacklists
    expect(summary && summary.checked < summary.total / 2).toBe(true)
    expect(summary?.unverified).toBe((summary?.total ?? 0) - (summary?.checked ?? 0))
    expect(result).toMatchObject({ abuseScore: null, riskLevel: null, reputation: 'Not enough evidence' })
    expect(result?.advice).toBe(
      `Only ${summary?.checked} of ${summary?.total} block lists could be checked, fewer than half: no score is given. Try again later.`,
    )
    expect(result?.sources[0]).toEqual({
      source: 'Block lists',
      status: 'checked',
      detail: `${summary?.checked} of ${summary?.total} checked; ${summary?.unverified} could not be checked`,
    })
    expect(body.lines).toContain('Abuse score: none (Not enough evidence)')
    expect(body.lines.join('\n')).not.toContain('0/100')
  })
})
