// Blacklist check end to end through the API, with the shipped zone list, against Knot on loopback
// serving fixture answers under the real list names. Lists Knot does not serve answer REFUSED.
import { readFileSync } from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type BlacklistRow, blacklistProgress, blacklistResponse } from '../../src/shared/tools/blacklist/schema.ts'
import { createTestApp, type TestApp } from '../support/app/app.ts'
import { checkTool, checkToolAnswer } from '../support/app/check-tool.ts'
import { LAB, startDnsblKnot } from '../support/dns/dnsbl-lab.ts'
import { type KnotServer, knotAvailable, startKnot } from '../support/dns/knot.ts'

if (!knotAvailable) console.warn('SKIPPED: blacklist integration tests need knotd (Debian package knot)')

const REFUSED = 'unverified: the resolver answered REFUSED'

describe.skipIf(!knotAvailable)('POST /api/tools/blacklist against DNSBL zones on Knot', () => {
  let knot: KnotServer
  let t: TestApp

  beforeAll(async () => {
    knot = await startDnsblKnot()
    t = await createTestApp({ DNS_SERVERS: knot.endpoint, TARGET_ALLOW: LAB.targetAllow })
  })
  afterAll(async () => {
    await t?.close()
    await knot?.stop()
  })

  async function check(input: string) {
    return blacklistResponse.parse(await checkToolAnswer(t, 'blacklist', input))
  }
  const rowOf = (rows: BlacklistRow[], zone: string, target?: string) => {
    const row = rows.find((r) => r.zone === zone && (target === undefined || r.target === target))
    if (!row) throw new Error(`no row for ${zone}`)
    return row
  }

  it('reports a listed IPv4 address with each return code meaning and the TXT reason', async () => {
    const body = await check(LAB.listed)
    expect(body.status).toBe('ok')
    const zen = rowOf(body.result?.rows ?? [], 'zen.spamhaus.org')
    expect(zen.status).toBe('listed')
    expect(zen.query).toBe('10.100.51.198.zen.spamhaus.org')
    expect([...zen.codes].sort()).toEqual(['127.0.0.2', '127.0.0.4'])
    expect(zen.meanings).toEqual(
      expect.arrayContaining([
        'SBL: direct spam source or spam operation',
        'XBL: exploited host (infected, proxy or botnet member)',
      ]),
    )
    expect(zen.reason).toBe('https://check.spamhaus.org/sbl/query/SBL100 spam operation')
    const spamcop = rowOf(body.result?.rows ?? [], 'bl.spamcop.net')
    expect(spamcop).toMatchObject({
      status: 'listed',
      reason: 'Blocked - see https://www.spamcop.net/bl.shtml?198.51.100.10',
    })
    expect(rowOf(body.result?.rows ?? [], 'dnsel.torproject.org')).toMatchObject({
      status: 'clean',
      detail: 'Not listed',
    })
    expect(body.lines).toContain('Blacklist check for 198.51.100.10')
    expect(body.lines.some((l) => l.startsWith('LISTED      Spamhaus ZEN (zen.spamhaus.org): '))).toBe(true)
    expect(body.lines).toContain('            Reason: Blocked - see https://www.spamcop.net/bl.shtml?198.51.100.10')
  })

  it('counts listed, clean and unverified lists in the summary, a refusing resolver being unverified, never clean', async () => {
    const body = await check(LAB.listed)
    const rows = body.result?.rows ?? []
    const summary = body.result?.summary
    expect(summary?.listed).toBe(2)
    expect(summary?.clean).toBe(rows.filter((r) => r.status === 'clean').length)
    expect(summary?.unverified).toBe(rows.filter((r) => r.detail === REFUSED).length)
    expect(summary?.checked).toBe((summary?.listed ?? 0) + (summary?.clean ?? 0) + (summary?.allowed ?? 0))
    expect(rowOf(rows, 'b.barracudacentral.org')).toMatchObject({ status: 'unverified', detail: REFUSED })
    expect(body.lines[1]).toBe(
      `Listed on 2 of ${summary?.checked} reachable lists; ${summary?.unverified} lists could not be checked`,
    )
  })

  it('reports an unlisted address as clean on every list that answered', async () => {
    const body = await check(LAB.unlisted)
    const rows = body.result?.rows ?? []
    expect(body.result?.summary.listed).toBe(0)
    expect(rowOf(rows, 'zen.spamhaus.org')).toMatchObject({ status: 'clean', detail: 'Not listed', reason: null })
  })

  it('reports the Spamhaus error answer 127.255.255.254 as "unverified: the list refused the query", never as listed', async () => {
    const body = await check(LAB.refused)
    expect(rowOf(body.result?.rows ?? [], 'zen.spamhaus.org')).toMatchObject({
      status: 'unverified',
      codes: ['127.255.255.254'],
      detail:
        'unverified: the list refused the query (127.255.255.254: Query via a public or open resolver, or a resolver with generic reverse DNS)',
    })
    expect(body.result?.summary.listed).toBe(0)
  })

  it('asks about an IPv6 address in nibble form, only on lists that cover IPv6', async () => {
    const body = await check(LAB.listedV6)
    const rows = body.result?.rows ?? []
    const zen = rowOf(rows, 'zen.spamhaus.org')
    expect(zen.status).toBe('listed')
    expect(zen.query).toBe('d.a.b.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.8.b.d.0.1.0.0.2.zen.spamhaus.org')
    expect(zen.reason).toBe('IPv6 spam source')
    expect(rows.some((r) => r.zone === 'bl.spamcop.net')).toBe(false)
    expect(
      body.result?.notes.some((n) =>
        /lists do not cover IPv6 addresses and were not asked about 2001:db8::bad$/.test(n),
      ),
    ).toBe(true)
  })

  it('reduces a URL to its host, checks the registrable domain on the domain lists and every address on the IP lists', async () => {
    const body = await check('https://www.badsite.test/login?next=1')
    const result = body.result
    expect(result).toMatchObject({ host: 'www.badsite.test', targetType: 'domain', domain: 'badsite.test' })
    expect(result?.addresses).toEqual(['198.51.100.10'])
    const rows = result?.rows ?? []
    expect(rowOf(rows, 'dbl.spamhaus.org', 'www.badsite.test').status).toBe('clean')
    expect(rowOf(rows, 'dbl.spamhaus.org', 'badsite.test')).toMatchObject({
      status: 'listed',
      target: 'badsite.test',
      meanings: ['Phishing domain'],
      reason: 'https://check.spamhaus.org/dbl/query/badsite.test phishing',
    })
    expect(rowOf(rows, 'multi.uribl.com', 'badsite.test').meanings).toEqual([
      'black: domain used by spammers',
      'grey: seen in bulk mail, may honour opt-outs',
    ])
    expect(rowOf(rows, 'zen.spamhaus.org', '198.51.100.10').status).toBe('listed')
    expect(result?.notes).toContain(
      'Domain lists were asked about www.badsite.test as given and about its registrable domain badsite.test',
    )
  })

  it('checks a name with IPv4 and IPv6 addresses on both', async () => {
    const body = await check('badsite.test')
    expect(body.result?.addresses).toEqual(['198.51.100.10', '2001:db8::bad'])
    expect(rowOf(body.result?.rows ?? [], 'zen.spamhaus.org', '2001:db8::bad').status).toBe('listed')
  })

  it('says clearly that a private address cannot be listed, without asking any list', async () => {
    const res = await checkTool(t, 'blacklist', '10.0.0.1')
    expect(res.json()).toMatchObject({
      status: 'failed',
      failureSource: 'target',
      error:
        'Blacklist check failed: 10.0.0.1 is a private network (RFC 1918) address: public block lists cannot list it, so none was asked',
      result: null,
    })
  })

  it('still asks the domain lists about a name whose address is private, and says why its address was not asked about', async () => {
    const body = await check('private.badsite.test')
    expect(body.status).toBe('ok')
    expect(body.result?.addresses).toEqual([])
    expect(rowOf(body.result?.rows ?? [], 'dbl.spamhaus.org', 'badsite.test').status).toBe('listed')
    expect(body.result?.notes).toContain(
      'private.badsite.test resolves to 10.0.0.1, which is not allowed: private network (RFC 1918): such an address cannot be on a public block list; only the domain lists were asked',
    )
  })

  it('still asks the domain lists about a name that does not exist', async () => {
    const body = await check('missing.badsite.test')
    expect(body.result?.notes).toEqual(
      expect.arrayContaining([
        expect.stringMatching(
          /^missing\.badsite\.test does not exist \(NXDOMAIN from resolver [\d.:]+\); only the domain lists were asked$/,
        ),
      ]),
    )
    expect(body.result?.rows.every((r) => r.kind === 'domain')).toBe(true)
  })

  it('streams one progress event per list as it answers, then the result', async () => {
    const res = await checkTool(t, 'blacklist', LAB.listed, { stream: true })
    const events = res.payload
      .trim()
      .split('\n\n')
      .map((block) => {
        const [name, data] = block.split('\n')
        return { name: name?.replace('event: ', ''), data: JSON.parse(data?.replace('data: ', '') ?? 'null') }
      })
    const progress = events.filter((e) => e.name === 'progress').map((e) => blacklistProgress.parse(e.data))
    const final = events.at(-1)
    expect(final?.name).toBe('result')
    expect(progress).toHaveLength(final?.data.result.rows.length)
    expect(progress.map((p) => p.done)).toEqual(progress.map((_, i) => i + 1))
    expect(progress.find((p) => p.row.zone === 'zen.spamhaus.org')?.row.status).toBe('listed')
  })

  it.each([
    ['   ', 'Please enter a valid domain or IP address'],
    ['not a host!', 'Invalid domain or IP format'],
  ])('answers 400 for input %j with "%s"', async (input, message) => {
    const res = await checkTool(t, 'blacklist', input)
    expect(res.statusCode).toBe(400)
    expect(res.json()).toEqual({ error: { type: 'invalid_input', message } })
  })
})

describe.skipIf(!knotAvailable)('POST /api/tools/blacklist when no list answers', () => {
  let knot: KnotServer
  let t: TestApp

  beforeAll(async () => {
    const text = readFileSync(new URL('../fixtures/served/zones/badsite.test.zone', import.meta.url), 'utf8')
    knot = await startKnot([{ origin: 'badsite.test', text }])
    t = await createTestApp({ DNS_SERVERS: knot.endpoint, TARGET_ALLOW: LAB.targetAllow })
  })
  afterAll(async () => {
    await t?.close()
    await knot?.stop()
  })

  it('fails with the product prefix instead of calling the address clean', async () => {
    const res = await checkTool(t, 'blacklist', LAB.unlisted)
    const body = res.json()
    expect(body.status).toBe('failed')
    expect(body.failureSource).toBe('server')
    expect(body.error).toBe(
      "Blacklist check failed: no list could be checked through this server's resolver (the resolver answered REFUSED).",
    )
    expect(body.result.summary.clean).toBe(0)
  })
})
