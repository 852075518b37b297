import { describe, expect, it } from 'vitest'
import type {
  ProtocolName,
  ProtocolProbe,
  TlsScan,
  VulnerabilityFinding,
  VulnerabilityId,
} from '../../shared/tools/ssl/schema.ts'

import { UNKNOWN_ISSUER } from '../../shared/tools/ssl/trust-words.ts'
import { type GradeFacts, gradeServer, scoreConfiguration } from './grade.ts'
import { suiteFor } from './suite-table.ts'

function protocols(accepted: ProtocolName[]): ProtocolProbe[] {
  const all: ProtocolName[] = ['TLSv1.3', 'TLSv1.2', 'TLSv1.1', 'TLSv1', 'SSLv3', 'SSLv2']
  return all.map((protocol) => ({
    protocol,
    label: protocol,
    status: accepted.includes(protocol) ? 'accepted' : 'rejected',
    cipher: null,
    note: null,
  }))
}

/** A scan that found these suites per version, X25519 and P-256, and the given DH size. */
function scanOf(found: Partial<Record<ProtocolName, number[]>>, dhBits: number | null = null): TlsScan {
  return {
    protocols: Object.entries(found).map(([protocol, codes]) => ({
      protocol: protocol as ProtocolName,
      label: protocol,
      status: 'accepted' as const,
      suites: (codes ?? []).map(suiteFor),
      serverOrder: null,
      note: null,
    })),
    groups: [
      { name: 'secp256r1', bits: 256, protocols: ['TLSv1.2'] },
      { name: 'x25519', bits: 256, protocols: ['TLSv1.2'] },
    ],
    dhBits,
    resumption: { sessionId: 'no', ticket: 'yes', note: null },
    alpn: [],
    sct: { certificate: false, tlsExtension: 'no', ocsp: false },
    notRun: [],
    connections: 0,
    elapsedMs: 0,
  }
}

/** A modern server: TLS 1.2 + 1.3, RSA 2048, ECDHE + AES-256-GCM, trusted, HSTS for a year. */
function facts(overrides: Partial<GradeFacts> = {}): GradeFacts {
  return {
    trust: { trusted: true, error: null, hostnameMatch: true, expired: false, notYetValid: false, selfSigned: false },
    certificate: {
      leafIssuer: 'CN=Issuing CA',
      topIssuer: 'CN=Root CA',
      intermediates: 1,
      signatureAlgorithms: ['sha256WithRSAEncryption'],
    },
    keyStrength: 2048,
    keyType: 'RSA',
    keyBits: 2048,
    exchangeStrength: 3072,
    protocols: protocols(['TLSv1.3', 'TLSv1.2']),
    negotiated: { protocol: 'TLSv1.3', cipher: 'TLS_AES_256_GCM_SHA384', bits: 256, aead: true, forwardSecrecy: true },
    scan: scanOf({ 'TLSv1.3': [0x1302, 0x1301], 'TLSv1.2': [0xc030, 0xc02f] }),
    insecureSuites: false,
    hstsMaxAge: 31_536_000,
    ...overrides,
  }
}

const texts = (f: GradeFacts) => gradeServer(f).reasons.map((r) => `${r.cap} ${r.text}`)

describe('scoreConfiguration()', () => {
  it('weighs protocol 30 %, key exchange 30 % and cipher 40 % as the rating guide does', () => {
    // protocol 100, key exchange 90 (2048 bits), cipher (100 + 80) / 2 = 90 → 30 + 27 + 36
    expect(scoreConfiguration(facts())).toBe(93)
  })
  it('averages the best and worst accepted protocols', () => {
    // protocol (100 + 90) / 2 = 95 → 28.5 + 27 + 36 = 91.5
    expect(scoreConfiguration(facts({ protocols: protocols(['TLSv1.2', 'TLSv1']) }))).toBe(92)
  })
  it('takes the weaker of certificate key and ephemeral key', () => {
    // DHE-RSA-AES256-GCM only, with a 1024-bit group: key exchange 80, cipher 100
    expect(scoreConfiguration(facts({ scan: scanOf({ 'TLSv1.2': [0x009f] }, 1024) }))).toBe(30 + 24 + 40)
  })
})

describe('gradeServer()', () => {
  it('gives A+ to a modern server with TLS 1.3 and long HSTS, with no reasons', () => {
    expect(gradeServer(facts())).toEqual({
      grade: 'A+',
      gradeIfTrusted: null,
      score: 93,
      scores: { protocol: 100, keyExchange: 90, cipher: 90 },
      reasons: [],
    })
  })

  it('keeps A without TLS 1.3 or without long HSTS, and says what A+ needs', () => {
    expect(gradeServer(facts({ protocols: protocols(['TLSv1.2']) })).grade).toBe('A')
    expect(texts(facts({ hstsMaxAge: 86_400 }))).toEqual([
      'A No HSTS with max-age of at least 180 days (needed for A+)',
    ])
    expect(texts(facts({ hstsMaxAge: null, protocols: protocols(['TLSv1.2']) }))).toHaveLength(2)
  })

  it.each<[string, Partial<GradeFacts>, string, string]>([
    [
      'TLS 1.0 accepted',
      { protocols: protocols(['TLSv1.3', 'TLSv1.2', 'TLSv1']) },
      'B',
      'Accepts TLS 1.0 (deprecated)',
    ],
    ['TLS 1.1 accepted', { protocols: protocols(['TLSv1.2', 'TLSv1.1']) }, 'B', 'Accepts TLS 1.1 (deprecated)'],
    ['no TLS 1.2 or 1.3', { protocols: protocols(['TLSv1.1', 'TLSv1']) }, 'C', 'Supports neither TLS 1.2 nor TLS 1.3'],
    [
      'SSL 3.0 accepted',
      { protocols: protocols(['TLSv1.2', 'SSLv3']) },
      'F',
      'Accepts SSL 3.0, which is insecure (POODLE)',
    ],
    ['SSL 2.0 accepted', { protocols: protocols(['TLSv1.2', 'SSLv2']) }, 'F', 'Accepts SSL 2.0, which is insecure'],
    ['a 1024-bit key', { keyStrength: 1024, keyBits: 1024 }, 'B', "the certificate's RSA key is 1024 bits: too weak"],
    ['a 512-bit key', { keyStrength: 512, keyBits: 512 }, 'F', "the certificate's RSA key is 512 bits: insecure"],
    [
      'a 1024-bit DH group',
      { scan: scanOf({ 'TLSv1.2': [0x009e] }, 1024) },
      'B',
      "The server's DH group is 1024 bits: too weak",
    ],
    [
      'an MD5 signature',
      { certificate: { ...facts().certificate, signatureAlgorithms: ['md5WithRSAEncryption'] } },
      'F',
      'Certificate is signed with md5WithRSAEncryption, which is insecure',
    ],
    [
      '3DES with TLS 1.2',
      { scan: scanOf({ 'TLSv1.2': [0xc030, 0x000a] }) },
      'C',
      'Uses 64-bit block ciphers (Sweet32) with TLS 1.1 or newer: TLS_RSA_WITH_3DES_EDE_CBC_SHA',
    ],
    [
      'an export suite',
      { scan: scanOf({ 'TLSv1.2': [0xc030], TLSv1: [0x0008] }) },
      'F',
      'Accepts export suites: TLS_RSA_EXPORT_WITH_DES40_CBC_SHA',
    ],
    [
      'NULL suites accepted',
      { insecureSuites: true },
      'F',
      'Accepts cipher suites without encryption or authentication (NULL/anonymous)',
    ],
  ])('caps a server with %s', (_, overrides, grade, reason) => {
    const result = gradeServer(facts(overrides))
    expect(result.grade).toBe(grade)
    expect(result.reasons).toContainEqual(expect.objectContaining({ cap: grade, text: reason }))
  })

  it('caps at B when no accepted suite has forward secrecy or AEAD, judging the whole list', () => {
    const scan = scanOf({ 'TLSv1.2': [0x003d, 0x0035] })
    const result = gradeServer(facts({ scan, exchangeStrength: null, protocols: protocols(['TLSv1.2']) }))
    expect(result.grade).toBe('B')
    expect(result.reasons.map((r) => [r.text, r.rule])).toEqual([
      [
        'No suite with forward secrecy is accepted (RSA key exchange only)',
        'SSL Labs rating guide (2018): no forward secrecy grades B',
      ],
      [
        'No AEAD suite is accepted (CBC or stream ciphers only)',
        'SSL Labs rating guide (2018): no AEAD suite grades B',
      ],
    ])
    // One AEAD suite with forward secrecy among CBC ones lifts both caps.
    const mixed = scanOf({ 'TLSv1.2': [0x003d, 0x0035, 0xc02f] })
    expect(gradeServer(facts({ scan: mixed, protocols: protocols(['TLSv1.2']) })).grade).toBe('A')
  })

  it('gives T for an untrusted chain, keeping the grade it would get if trusted', () => {
    const trust = { ...facts().trust, trusted: false, error: 'UNABLE_TO_GET_ISSUER_CERT_LOCALLY' }
    const result = gradeServer(facts({ trust, protocols: protocols(['TLSv1.3', 'TLSv1.2', 'TLSv1']) }))
    expect(result.grade).toBe('T')
    expect(result.gradeIfTrusted).toBe('B')
    expect(result.reasons[0]).toMatchObject({
      cap: 'T',
      text: `Certificate is not trusted: ${UNKNOWN_ISSUER}; the chain sent leads to CN=Root CA`,
    })
  })

  it('names expiry and self-signing rather than the generic untrusted reason', () => {
    const trust = { ...facts().trust, trusted: false, error: 'CERT_HAS_EXPIRED', expired: true }
    expect(texts(facts({ trust }))).toEqual(['T Certificate has expired'])
  })

  it('treats a SHA-1 signature below the root as untrusted', () => {
    expect(
      gradeServer(
        facts({
          certificate: {
            ...facts().certificate,
            signatureAlgorithms: ['sha256WithRSAEncryption', 'sha1WithRSAEncryption'],
          },
        }),
      ).grade,
    ).toBe('T')
  })

  it('gives M for a name mismatch, and T wins when the chain is untrusted as well', () => {
    const mismatch = { ...facts().trust, hostnameMatch: false }
    expect(gradeServer(facts({ trust: mismatch }))).toMatchObject({ grade: 'M', gradeIfTrusted: 'A+' })
    expect(gradeServer(facts({ trust: { ...mismatch, trusted: false, selfSigned: true } })).grade).toBe('T')
  })
})

describe('gradeServer() with versions that could not be tested', () => {
  const untested = (accepted: ProtocolName[], notTested: ProtocolName[]) =>
    protocols(accepted).map((p) =>
      notTested.includes(p.protocol) ? { ...p, status: 'not-tested' as const, note: 'no handshake within 8000 ms' } : p,
    )

  it('does not cap at C for missing TLS 1.2/1.3 when they were not tested and a modern version was negotiated', () => {
    const result = gradeServer(facts({ protocols: untested([], ['TLSv1.3', 'TLSv1.2']) }))
    expect(result.reasons.map((r) => r.text)).not.toContain('Supports neither TLS 1.2 nor TLS 1.3')
    expect(texts(facts({ protocols: untested(['TLSv1.2'], ['TLSv1.3']) }))).toContain(
      'A TLS 1.3 could not be tested (needed for A+)',
    )
  })

  it('still caps at C when a modern client itself got an older version', () => {
    const negotiated = {
      protocol: 'TLSv1',
      cipher: 'ECDHE-RSA-AES256-SHA',
      bits: 256,
      aead: false,
      forwardSecrecy: true,
    }
    const result = gradeServer(facts({ protocols: untested(['TLSv1'], ['TLSv1.3', 'TLSv1.2']), negotiated }))
    expect(result.reasons).toContainEqual(
      expect.objectContaining({ cap: 'C', text: 'Supports neither TLS 1.2 nor TLS 1.3' }),
    )
  })
})

describe('weakness caps', () => {
  const finding = (id: VulnerabilityId, verdict: VulnerabilityFinding['verdict']): VulnerabilityFinding => ({
    id,
    name: id,
    verdict,
    detail: 'seen',
  })
  const withFindings = (...findings: VulnerabilityFinding[]) => {
    const scan = scanOf({ 'TLSv1.3': [0x1302, 0x1301], 'TLSv1.2': [0xc030, 0xc02f] })
    return gradeServer(facts({ scan: { ...scan, vulnerabilities: findings } }))
  }

  it('grades Heartbleed and an exploitable CCS injection F', () => {
    expect(withFindings(finding('heartbleed', 'vulnerable')).grade).toBe('F')
    expect(withFindings(finding('ccs-injection', 'vulnerable')).grade).toBe('F')
  })

  it('grades DROWN and a ROBOT padding oracle F', () => {
    expect(withFindings(finding('drown', 'vulnerable')).grade).toBe('F')
    expect(withFindings(finding('robot', 'vulnerable')).grade).toBe('F')
    expect(withFindings(finding('robot', 'not-tested'), finding('drown', 'not-vulnerable')).grade).toBe('A+')
  })

  it('caps TLS compression and a missing secure renegotiation at C, naming the rule', () => {
    const grade = withFindings(finding('crime', 'vulnerable'), finding('secure-renegotiation', 'vulnerable'))
    expect(grade.grade).toBe('C')
    expect(grade.reasons.map((r) => r.rule)).toEqual([
      'SSL Labs rating guide (2013): TLS compression (CRIME) grades C',
      'SSL Labs rating guide (2013): no secure renegotiation grades C',
    ])
  })

  it('takes A+ away without TLS_FALLBACK_SCSV, and ignores what could not be tested', () => {
    expect(withFindings(finding('fallback-scsv', 'vulnerable')).grade).toBe('A')
    expect(withFindings(finding('heartbleed', 'not-tested'), finding('crime', 'not-vulnerable')).grade).toBe('A+')
  })
})
