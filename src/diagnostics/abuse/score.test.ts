import { describe, expect, it } from 'vitest'
import type { Verdict } from '../dnsbl/classify-answer.ts'
import type { ZoneCheck } from '../dnsbl/query-zone.ts'
import { type DnsblZone, dnsblZone } from '../dnsbl/zone-list.ts'
import { abuseIpdbPoints, scoreAbuse } from './score.ts'

function zone(id: string, group?: string): DnsblZone {
  return dnsblZone.parse({
    id,
    name: id.toUpperCase(),
    zone: `${id}.dnsbl.test`,
    kind: 'ip',
    group,
    codes: { '127.0.0.2': 'x' },
    info: 'https://lab.test/',
  })
}

function listed(z: DnsblZone, weight: number, meaning = 'listed', categories: string[] = []): ZoneCheck {
  const verdict: Verdict = {
    status: 'listed',
    codes: ['127.0.0.2'],
    meanings: [meaning],
    detail: meaning,
    weight,
    categories,
  }
  return { zone: z, verdict, row: {} as ZoneCheck['row'] }
}

describe('scoreAbuse()', () => {
  it('counts lists of one operator once, with the heaviest listing', () => {
    const scored = scoreAbuse(
      [listed(zone('zen', 'spamhaus'), 35, 'SBL'), listed(zone('pbl', 'spamhaus'), 0, 'PBL')],
      null,
    )
    expect(scored.evidence).toEqual([{ source: 'ZEN', detail: 'SBL (also listed in PBL; counted once)', points: 35 }])
    expect(scored.score).toBe(35)
  })

  it('caps the total at 100 while still listing every point', () => {
    const checks = ['a', 'b', 'c'].map((id) => listed(zone(id), 40))
    const scored = scoreAbuse(checks, null)
    expect(scored.evidence.map((e) => e.points)).toEqual([40, 40, 40])
    expect(scored.score).toBe(100)
  })

  it('gathers categories and takes lastSeen only from a source that states it', () => {
    const checks = [listed(zone('tor'), 20, 'Tor exit node', ['Tor exit node'])]
    expect(scoreAbuse(checks, null).lastSeen).toBeNull()
    const report = { confidence: 0, totalReports: 0, lastReportedAt: null, isp: null, countryCode: null }
    expect(scoreAbuse(checks, report)).toMatchObject({ categories: ['Tor exit node'], lastSeen: null })
  })

  it('abuseIpdbPoints() is half the confidence, bounded to 0-50', () => {
    expect([abuseIpdbPoints(0), abuseIpdbPoints(25), abuseIpdbPoints(100), abuseIpdbPoints(250)]).toEqual([
      0, 13, 50, 50,
    ])
  })
})
