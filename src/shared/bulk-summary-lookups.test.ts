import { describe, expect, it } from 'vitest'
import {
  summarizeAsn,
  summarizeBlacklist,
  summarizeGeolocation,
  summarizeRdns,
  summarizeSsl,
  summarizeWhois,
} from './bulk-summary-lookups.ts'
import { summarizePing } from './bulk-summary-ping.ts'
import type { AsnAddressResult, AsnNumberResult } from './tools/asn/schema.ts'
import { type BlacklistResult, type BlacklistRow, summarizeRows } from './tools/blacklist/schema.ts'
import type { GeolocationResult } from './tools/geolocation/schema.ts'
import type { PingResult } from './tools/ping/schema.ts'
import type { RdnsResult } from './tools/rdns/schema.ts'
import type { SslResult } from './tools/ssl/schema.ts'
import type { WhoisResult } from './tools/whois/schema.ts'

const rdns = (patch: Partial<RdnsResult>): RdnsResult => ({
  ip: '198.51.100.10',
  family: 4,
  reverseName: '10.100.51.198.in-addr.arpa',
  server: '127.0.0.1:53',
  rcode: 'NOERROR',
  queryTimeMs: 1,
  ptrs: [],
  forwardConfirmed: false,
  ...patch,
})

describe('summarizeRdns()', () => {
  it('names the PTR records and whether one resolves back', () => {
    const ptr = { name: 'shop.test', ttl: 60, confirmation: 'confirmed' as const, forwardAddresses: ['198.51.100.10'] }
    expect(summarizeRdns(rdns({ ptrs: [ptr], forwardConfirmed: true }))).toBe('PTR shop.test (forward-confirmed)')
    expect(summarizeRdns(rdns({ rcode: 'NXDOMAIN' }))).toBe('no PTR record')
    expect(summarizeRdns(rdns({ rcode: 'SERVFAIL' }))).toBe(
      "No answer: this server's resolver answered SERVFAIL; the PTR records are unknown",
    )
  })
})

const blRow = (list: string, target: string, status: BlacklistRow['status']): BlacklistRow => ({
  id: list,
  list,
  zone: `${list}.test`,
  kind: 'ip',
  target,
  query: 'q',
  status,
  codes: [],
  meanings: [],
  detail: '',
  reason: null,
  timeMs: 1,
  info: '',
})

describe('summarizeBlacklist()', () => {
  it('says on how many of the lists checked the target is listed, and where', () => {
    const rows = [
      blRow('SpamCop', '198.51.100.7', 'listed'),
      blRow('Lab BL', '198.51.100.7', 'clean'),
      blRow('Down BL', '198.51.100.7', 'unverified'),
    ]
    const result = { rows, summary: summarizeRows(rows) } as BlacklistResult
    expect(summarizeBlacklist(result)).toBe(
      'Listed on 1 of 2 reachable lists; 1 list could not be checked: 198.51.100.7 on SpamCop',
    )
    const clean = [blRow('Lab BL', '198.51.100.8', 'clean')]
    expect(summarizeBlacklist({ rows: clean, summary: summarizeRows(clean) } as BlacklistResult)).toBe(
      'Not listed on 1 of 1 reachable list',
    )
  })
})

describe('summarizeGeolocation()', () => {
  it('gives the place and the network', () => {
    const result: GeolocationResult = {
      query: 'shop.test',
      host: 'shop.test',
      ip: '198.51.100.10',
      addresses: ['198.51.100.10'],
      location: { city: 'Paris', country: 'France', countryCode: 'FR', latitude: 48.85, longitude: 2.35 },
      network: { asn: 64500, name: 'LAB-NET', prefix: '198.51.100.0/24', range: '198.51.100.0/24' },
      attributions: [],
    }
    expect(summarizeGeolocation(result)).toBe(
      '198.51.100.10: Paris, France (FR) · Network: AS64500 LAB-NET (198.51.100.0/24)',
    )
  })
})

describe('summarizeAsn()', () => {
  it('gives the AS of an address, and the holder and prefixes of an AS number', () => {
    const address: AsnAddressResult = {
      ip: '198.51.100.10',
      asn: 64500,
      name: 'LAB-NET',
      prefix: '198.51.100.0/24',
      range: '198.51.100.0/24',
      country: 'France',
      countryCode: 'FR',
      notes: [],
      attributions: [],
    }
    expect(summarizeAsn(address)).toBe('AS64500 LAB-NET · 198.51.100.0/24 · France')
    const number: AsnNumberResult = {
      kind: 'as-number',
      asn: 64500,
      name: 'LAB-NET',
      prefixes: { ipv4: ['198.51.100.0/24'], ipv6: ['2001:db8::/32'] },
      notes: [],
      attributions: [],
    }
    expect(summarizeAsn(number)).toBe('AS64500 LAB-NET · 2 announced prefixes')
  })
})

describe('summarizeWhois()', () => {
  const base: WhoisResult = {
    query: 'shop.test',
    kind: 'domain',
    protocol: 'rdap',
    sources: [],
    raw: '',
    notes: [],
    statuses: [],
    nameServers: [],
  }
  it('gives the registrar and the expiry and creation days of a domain', () => {
    const result = {
      ...base,
      registrar: 'Lab Registrar',
      expiresAt: '2027-03-01T00:00:00Z',
      createdAt: '2001-02-03T04:05:06Z',
    }
    expect(summarizeWhois(result)).toBe('Registrar: Lab Registrar · expires 2027-03-01 · created 2001-02-03')
  })
  it('gives the holder and range of a network, and says when nothing is published', () => {
    const ip = { ...base, kind: 'ip' as const, organisation: 'Lab Org', range: '198.51.100.0 - 198.51.100.255' }
    expect(summarizeWhois(ip)).toBe('Holder: Lab Org · 198.51.100.0 - 198.51.100.255')
    expect(summarizeWhois(base)).toBe('no registration fields published')
  })
})

describe('summarizeSsl()', () => {
  const ssl = (trust: Partial<SslResult['trust']>, daysLeft = 300) =>
    ({
      host: 'shop.test',
      grade: { grade: 'A' },
      certificate: { validTo: '2027-03-01T12:00:00.000Z', daysLeft, issuer: 'C=FR, O=Lab, CN=Lab Intermediate CA' },
      trust: { trusted: true, hostnameMatch: true, error: null, ...trust },
    }) as unknown as SslResult
  it('gives the grade, the expiry, the issuer and the trust verdict', () => {
    expect(summarizeSsl(ssl({}))).toBe(
      'Grade A · expires 2027-03-01 (300 days left) · issuer Lab Intermediate CA · trusted',
    )
    expect(summarizeSsl(ssl({ trusted: false, error: 'CERT_HAS_EXPIRED' }, -5))).toMatch(
      /^Grade A · expires 2027-03-01 \(expired 5 days ago\) · issuer Lab Intermediate CA · not trusted: /,
    )
    expect(summarizeSsl(ssl({ hostnameMatch: false }))).toContain('certificate does not name shop.test')
  })
})

describe('summarizePing()', () => {
  const summary = { sent: 4, received: 3, errors: 0, duplicates: 0, lossPercent: 25, mdevMs: 0.01, timeMs: 3000 }
  const ping = (patch: Partial<PingResult>): PingResult => ({
    host: 'shop.test',
    address: '198.51.100.10',
    family: 4,
    mode: 'icmp',
    replies: [],
    notes: [],
    summary: { ...summary, minMs: 0.03, avgMs: 0.045, maxMs: 0.06 },
    ...patch,
  })
  it('gives the loss and the round-trip times, and the port of a TCP ping', () => {
    expect(summarizePing(ping({}))).toBe(
      '198.51.100.10: 25% loss (3 of 4 replies) · avg 0.045 ms, min 0.030 ms, max 0.060 ms',
    )
    expect(summarizePing(ping({ mode: 'tcp', port: 443 }))).toMatch(/^198\.51\.100\.10 port 443: 25% loss/)
    const none = { ...summary, received: 0, lossPercent: 100, minMs: null, avgMs: null, maxMs: null }
    expect(summarizePing(ping({ summary: none }))).toBe('198.51.100.10: 100% loss (0 of 4 replies)')
  })
})
