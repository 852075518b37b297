// A blacklist check of a host name: the name as given and its registrable domain on the domain lists,
// its addresses on the IP lists; every listing names what matched and links the list's removal page
// where the list publishes one. Knot on loopback serves the fixture lists under the real list names:
// dbl.spamhaus.org lists evil.shop.test but not shop.test.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type BlacklistRow, blacklistResponse } from '../../src/shared/tools/blacklist/schema.ts'
import { tool as blacklistTool } from '../../src/web/features/blacklist/blacklist-tool.tsx'
import { runToast } from '../../src/web/tool-panel/tool-outcome.ts'
import { createTestApp, type TestApp } from '../support/app/app.ts'
import { checkToolAnswer } from '../support/app/check-tool.ts'
import { dnsblLabZones, LAB } from '../support/dns/dnsbl-lab.ts'
import { type KnotServer, knotAvailable, startKnot } from '../support/dns/knot.ts'

if (!knotAvailable) console.warn('SKIPPED: blacklist name tests need knotd (Debian package knot)')

const SHOP_ZONE = `$TTL 60
@       IN SOA  ns.shop.test. hostmaster.shop.test. 2026112701 3600 600 86400 60
@       IN NS   ns.shop.test.
@       IN A    ${LAB.unlisted}
evil    IN A    ${LAB.unlisted}
`

describe.skipIf(!knotAvailable)('blacklist check of a host name whose subdomain is listed', () => {
  let knot: KnotServer
  let t: TestApp

  beforeAll(async () => {
    knot = await startKnot([...dnsblLabZones(), { origin: 'shop.test', text: SHOP_ZONE }])
    t = await createTestApp({ DNS_SERVERS: knot.endpoint, TARGET_ALLOW: LAB.targetAllow })
  })
  afterAll(async () => {
    await t?.close()
    await knot?.stop()
  })

  const check = async (input: string) => blacklistResponse.parse(await checkToolAnswer(t, 'blacklist', input))
  const rowOf = (rows: BlacklistRow[], zone: string, target: string) => {
    const row = rows.find((r) => r.zone === zone && r.target === target)
    if (!row) throw new Error(`no row for ${zone} and ${target}`)
    return row
  }

  it('asks the domain lists about the name as given and its registrable domain, and names the one listed', async () => {
    const body = await check('evil.shop.test')
    const result = body.result
    const rows = result?.rows ?? []
    expect(result).toMatchObject({ host: 'evil.shop.test', domain: 'shop.test', addresses: [LAB.unlisted] })
    expect(rowOf(rows, 'dbl.spamhaus.org', 'evil.shop.test')).toMatchObject({
      status: 'listed',
      query: 'evil.shop.test.dbl.spamhaus.org',
      meanings: ['Low-reputation domain (spam)'],
      reason: 'https://check.spamhaus.org/dbl/query/evil.shop.test spam',
      delisting: 'https://check.spamhaus.org/',
    })
    expect(rowOf(rows, 'dbl.spamhaus.org', 'shop.test')).toMatchObject({ status: 'clean' })
    expect(rowOf(rows, 'zen.spamhaus.org', LAB.unlisted).status).toBe('clean')
    expect(result?.summary.listed).toBe(1)
    expect(result?.notes).toContain(
      'Domain lists were asked about evil.shop.test as given and about its registrable domain shop.test',
    )
    expect(body.lines).toContain('Listed: evil.shop.test on Spamhaus DBL')
    expect(body.lines).toContain(
      'LISTED      Spamhaus DBL (dbl.spamhaus.org) for evil.shop.test: Low-reputation domain (spam)',
    )
    expect(body.lines).toContain('            Removal: https://check.spamhaus.org/')
  })

  it('asks a registrable domain once, as itself', async () => {
    const body = await check('shop.test')
    const dbl = (body.result?.rows ?? []).filter((r) => r.zone === 'dbl.spamhaus.org')
    expect(dbl.map((r) => [r.target, r.status])).toEqual([['shop.test', 'clean']])
    expect(body.result?.summary.listed).toBe(0)
  })

  it('makes the toast of a run with a listing a warning naming what is listed, and of a clean run a success', async () => {
    const listed = await check('evil.shop.test')
    const { summary } = listed.result ?? { summary: { checked: 0 } }
    expect(runToast('IP Blacklist', blacklistTool, listed)).toEqual({
      kind: 'warning',
      text: `IP Blacklist finished: Listed on 1 of ${summary.checked} reachable lists: evil.shop.test on Spamhaus DBL`,
    })
    const address = await check(LAB.listed)
    expect(runToast('IP Blacklist', blacklistTool, address)).toMatchObject({
      kind: 'warning',
      text: expect.stringMatching(/: 198\.51\.100\.10 on Spamhaus ZEN, SpamCop$/),
    })
    const clean = await check('shop.test')
    expect(runToast('IP Blacklist', blacklistTool, clean)).toEqual({
      kind: 'success',
      text: 'IP Blacklist completed successfully',
    })
  })
})
