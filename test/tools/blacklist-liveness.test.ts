// No "clean" without a live list: lists on Knot that are missing (NXDOMAIN for everything), that list
// their own 127.0.0.1, that refuse with an error code, whose resolver answers SERVFAIL, beside a
// healthy list with test points and one proven alive by its SOA. Plus: one health probe per list
// per cache period, whatever the number of requests.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createBlacklistDiagnostic } from '../../src/diagnostics/blacklist/run.ts'
import {
  createZoneHealthCache,
  HEALTH_TTL_MS,
  probeZoneHealth,
  type ZoneHealthCache,
} from '../../src/diagnostics/dnsbl/zone-health.ts'
import { type DnsblZoneFile, parseDnsblZones } from '../../src/diagnostics/dnsbl/zone-list.ts'
import { createNet } from '../../src/diagnostics/net/net.ts'
import { runTool } from '../../src/diagnostics/run/run-tool.ts'

import { blacklistLines } from '../../src/shared/tools/blacklist/lines.ts'

import { blacklistResult } from '../../src/shared/tools/blacklist/schema.ts'
import { LAB } from '../support/dns/dnsbl-lab.ts'
import { type KnotServer, knotAvailable, startKnot } from '../support/dns/knot.ts'
import { type StubDns, startStubDns } from '../support/dns/stub-dns.ts'

if (!knotAvailable) console.warn('SKIPPED: block-list liveness tests need knotd (Debian package knot)')

const SOA = '@ IN SOA ns.dnsbl.test. hostmaster.dnsbl.test. 2026112301 3600 600 86400 60\n@ IN NS ns.dnsbl.test.\n'
const zoneText = (records: string) => `$TTL 60\n${SOA}${records}`

const KNOT_ZONES = [
  // The parent: names under a list it does not delegate get NXDOMAIN, like a resolver that
  // answers NXDOMAIN for everything.
  { origin: 'dnsbl.test', text: zoneText('') },
  { origin: 'alive.dnsbl.test', text: zoneText('2.0.0.127 IN A 127.0.0.2\n10.100.51.198 IN A 127.0.0.2\n') },
  { origin: 'wild.dnsbl.test', text: zoneText('* IN A 127.0.0.2\n') },
  { origin: 'soa.dnsbl.test', text: zoneText('10.100.51.198 IN A 127.0.0.2\n') },
  { origin: 'refusing.dnsbl.test', text: zoneText('* IN A 127.255.255.254\n') },
]

function zoneList(servfailPort: number): DnsblZoneFile {
  const points = { listed: '127.0.0.2', unlisted: '127.0.0.1' }
  const list = (id: string, extra: object) => ({
    id,
    name: `Lab ${id}`,
    zone: `${id}.dnsbl.test`,
    kind: 'ip',
    codes: { '127.0.0.2': 'Listed' },
    info: `https://lab.dnsbl.test/${id}`,
    ...extra,
  })
  return parseDnsblZones(
    JSON.stringify({
      queryTimeoutMs: 1500,
      zones: [
        list('alive', { testPoints: points }),
        list('soa', {}),
        list('missing', { testPoints: points }),
        list('gone', {}),
        list('wild', { testPoints: points }),
        list('refusing', {
          testPoints: points,
          errorCodes: { '127.255.255.254': 'Query via a public or open resolver' },
        }),
        list('broken', { testPoints: points, server: `127.0.0.1:${servfailPort}` }),
      ],
    }),
    'the liveness test zones',
  )
}

describe.skipIf(!knotAvailable)('block-list liveness', () => {
  let knot: KnotServer
  let servfail: StubDns
  let zones: DnsblZoneFile

  beforeAll(async () => {
    knot = await startKnot(KNOT_ZONES)
    servfail = await startStubDns('SERVFAIL')
    zones = zoneList(servfail.port)
  })
  afterAll(async () => {
    await servfail?.stop()
    await knot?.stop()
  })

  async function check(input: string, health: ZoneHealthCache) {
    const diagnostic = createBlacklistDiagnostic({ zones, health })
    const net = createNet({ targetAllow: LAB.targetAllow.split(','), dnsServers: [knot.endpoint] })
    const answer = await runTool(diagnostic, { input }, { net, signal: new AbortController().signal })
    return { answer, result: blacklistResult.parse(answer.result) }
  }

  it('counts "not listed" only from lists that pass their health check, and says why the others could not be checked', async () => {
    const { answer, result } = await check(LAB.unlisted, createZoneHealthCache())
    const detail = Object.fromEntries(result.rows.map((row) => [row.id, `${row.status} | ${row.detail}`]))
    expect(detail).toEqual({
      alive: 'clean | Not listed',
      soa: 'clean | Not listed',
      missing: 'unverified | unverified: the list does not list its own test point 127.0.0.2 (NXDOMAIN)',
      gone: 'unverified | unverified: the zone gone.dnsbl.test does not exist (NXDOMAIN for its SOA)',
      wild: 'unverified | unverified: the list also lists 127.0.0.1, which it must not (127.0.0.2): its answers cannot be trusted',
      refusing:
        'unverified | unverified: the list refused the query (127.255.255.254: Query via a public or open resolver)',
      broken: 'unverified | unverified: the resolver answered SERVFAIL',
    })
    expect(result.summary).toEqual({ listed: 0, allowed: 0, clean: 2, unverified: 5, checked: 2, total: 7 })
    expect(answer.status).toBe('ok')
    expect(answer.lines[1]).toBe('Not listed on 2 of 2 reachable lists; 5 lists could not be checked')
    expect(blacklistLines(result)).toContain(
      'UNVERIFIED  Lab missing (missing.dnsbl.test): unverified: the list does not list its own test point 127.0.0.2 (NXDOMAIN)',
    )
  })

  it('never reports a listing from a list that fails its health check', async () => {
    const { result } = await check(LAB.listed, createZoneHealthCache())
    const status = Object.fromEntries(result.rows.map((row) => [row.id, row.status]))
    expect(status).toMatchObject({ alive: 'listed', soa: 'listed', wild: 'unverified', refusing: 'unverified' })
    expect(result.summary.listed).toBe(2)
    expect(result.rows.find((row) => row.id === 'wild')?.reason).toBeNull()
  })

  it('fails, as our side, when no list at all can be checked', async () => {
    const dead = createZoneHealthCache({ probe: async () => ({ ok: false, why: 'no answer within 1.5 s' }) })
    const { answer } = await check(LAB.unlisted, dead)
    expect(answer.status).toBe('failed')
    expect(answer.failureSource).toBe('server')
    expect(answer.error).toBe(
      "Blacklist check failed: no list could be checked through this server's resolver (no answer within 1.5 s).",
    )
  })

  it('probes each list once per cache period, however many requests ask', async () => {
    let clock = 1_000_000
    const probes: string[] = []
    const health = createZoneHealthCache({
      now: () => clock,
      probe: (zone, target, timeoutMs) => {
        probes.push(zone.id)
        return probeZoneHealth(zone, target, timeoutMs)
      },
    })
    await Promise.all([check(LAB.unlisted, health), check(LAB.listed, health)])
    await check(LAB.unlisted, health)
    expect(probes.sort()).toEqual(['alive', 'broken', 'gone', 'missing', 'refusing', 'soa', 'wild'])
    const servfailQuestions = servfail.questions

    clock += HEALTH_TTL_MS - 1
    await check(LAB.unlisted, health)
    expect(probes).toHaveLength(7)

    clock += 2
    await check(LAB.unlisted, health)
    expect(probes).toHaveLength(14)
    expect(servfail.questions).toBeGreaterThan(servfailQuestions)
  })
})
