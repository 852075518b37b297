import { describe, expect, it } from 'vitest'
import type { ProtocolName, ProtocolProbe } from '../../shared/tools/ssl.ts'
import { type GradeFacts, gradeServer, scoreConfiguration } from './grade.ts'

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

/** A modern server: TLS 1.2 + 1.3, RSA 2048, ECDHE + AES-256-GCM, trusted, HSTS for a year. */
function facts(overrides: Partial<GradeFacts> = {}): GradeFacts {
  return {
    trust: { trusted: true, error: null, hostnameMatch: true, expired: false, notYetValid: false, selfSigned: false },
    signatureAlgorithms: ['sha256WithRSAEncryption'],
    keyStrength: 2048,
    keyText: 'RSA 2048 bits',
    exchangeStrength: 3072,
    protocols: protocols(['TLSv1.3', 'TLSv1.2']),
    negotiated: { protocol: 'TLSv1.3', cipher: 'TLS_AES_256_GCM_SHA384', bits: 256, aead: true, forwardSecrecy: true },
    probeCipherBits: [256, 128],
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
    expect(scoreConfiguration(facts({ exchangeStrength: 1024 }))).toBe(30 + 24 + 36)
  })
})

describe('gradeServer()', () => {
  it('gives A+ to a modern server with TLS 1.3 and long HSTS, with no reasons', () => {
    expect(gradeServer(facts())).toEqual({ grade: 'A+', gradeIfTrusted: null, score: 93, reasons: [] })
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
    ['a 1024-bit key', { keyStrength: 1024, keyText: 'RSA 1024 bits' }, 'B', 'Certificate key is weak: RSA 1024 bits'],
    ['a 512-bit key', { keyStrength: 512, keyText: 'RSA 512 bits' }, 'F', 'Certificate key is insecure: RSA 512 bits'],
    ['1024-bit DH parameters', { exchangeStrength: 1024 }, 'B', 'Key exchange parameters are weak (1024 bits)'],
    [
      'an MD5 signature',
      { signatureAlgorithms: ['md5WithRSAEncryption'] },
      'F',
      'Certificate signature is insecure: md5WithRSAEncryption',
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
    expect(result.reasons).toContainEqual({ cap: grade, text: reason })
  })

  it('caps at B when the suite chosen for a modern client has no forward secrecy or no AEAD', () => {
    const negotiated = { protocol: 'TLSv1.2', cipher: 'AES256-SHA256', bits: 256, aead: false, forwardSecrecy: false }
    const result = gradeServer(facts({ negotiated, exchangeStrength: null, protocols: protocols(['TLSv1.2']) }))
    expect(result.grade).toBe('B')
    expect(result.reasons.map((r) => r.text)).toEqual([
      'No forward secrecy: AES256-SHA256 was negotiated',
      'No AEAD encryption: AES256-SHA256 was negotiated',
    ])
  })

  it('gives T for an untrusted chain, keeping the grade it would get if trusted', () => {
    const trust = { ...facts().trust, trusted: false, error: 'UNABLE_TO_GET_ISSUER_CERT_LOCALLY' }
    const result = gradeServer(facts({ trust, protocols: protocols(['TLSv1.3', 'TLSv1.2', 'TLSv1']) }))
    expect(result.grade).toBe('T')
    expect(result.gradeIfTrusted).toBe('B')
    expect(result.reasons[0]).toEqual({
      cap: 'T',
      text: 'Certificate is not trusted (UNABLE_TO_GET_ISSUER_CERT_LOCALLY)',
    })
  })

  it('names expiry and self-signing rather than the generic untrusted reason', () => {
    const trust = { ...facts().trust, trusted: false, error: 'CERT_HAS_EXPIRED', expired: true }
    expect(texts(facts({ trust }))).toEqual(['T Certificate has expired'])
  })

  it('treats a SHA-1 signature below the root as untrusted', () => {
    expect(
      gradeServer(facts({ signatureAlgorithms: ['sha256WithRSAEncryption', 'sha1WithRSAEncryption'] })).grade,
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
    expect(result.reasons).toContainEqual({ cap: 'C', text: 'Supports neither TLS 1.2 nor TLS 1.3' })
  })
})
