import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { loadDnsblZones, ZoneFileError } from './zone-list.ts'

describe('the shipped DNSBL zone list', () => {
  const { zones, queryTimeoutMs } = loadDnsblZones()

  it('has at least 30 IP lists and 6 domain lists, with no retired SORBS zone', () => {
    expect(zones.filter((z) => z.kind === 'ip').length).toBeGreaterThanOrEqual(30)
    expect(zones.filter((z) => z.kind === 'domain').length).toBeGreaterThanOrEqual(6)
    expect(zones.some((z) => z.zone.includes('sorbs'))).toBe(false)
    expect(queryTimeoutMs).toBeGreaterThan(0)
  })

  it('declares the Spamhaus error answers on every Spamhaus zone', () => {
    for (const zone of zones.filter((z) => z.zone.endsWith('spamhaus.org'))) {
      expect(Object.keys(zone.errorCodes)).toEqual(
        expect.arrayContaining(['127.255.255.252', '127.255.255.254', '127.255.255.255']),
      )
    }
  })

  it('gives every list a return-code meaning and an https info page', () => {
    for (const zone of zones) {
      expect(Object.keys(zone.codes).length + Object.keys(zone.bitmask ?? {}).length, zone.id).toBeGreaterThan(0)
      expect(zone.info, zone.id).toMatch(/^https:\/\//)
    }
  })
})

describe('loadDnsblZones()', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'zones-'))

  it('names every problem of an invalid file', () => {
    const file = path.join(dir, 'bad.json')
    writeFileSync(
      file,
      JSON.stringify({ zones: [{ id: 'x', name: 'X', zone: 'not a zone', kind: 'ip', info: 'nope' }] }),
    )
    expect(() => loadDnsblZones(file)).toThrow(ZoneFileError)
    expect(() => loadDnsblZones(file)).toThrow(/zones\.0\.zone: must be a DNS zone name[\s\S]*zones\.0\.info/)
  })

  it('refuses duplicate zone ids', () => {
    const file = path.join(dir, 'dup.json')
    const zone = {
      id: 'a',
      name: 'A',
      zone: 'a.dnsbl.test',
      kind: 'ip',
      codes: { '127.0.0.2': 'x' },
      info: 'https://a.test/',
    }
    writeFileSync(file, JSON.stringify({ zones: [zone, zone] }))
    expect(() => loadDnsblZones(file)).toThrow(/zone ids must be unique/)
  })

  it('reports a missing file by name', () => {
    expect(() => loadDnsblZones(path.join(dir, 'missing.json'))).toThrow(
      /Cannot read the DNSBL zone list .*missing\.json/,
    )
  })
})
