// Every cap the SSL grade can give comes with a why and a how-to-fix: the grade is computed on
// configurations that trip each rule, and each reason must find its explanation.
import { describe, expect, it } from 'vitest'
import { type GradeFacts, gradeServer } from '../../src/diagnostics/tls-grade/grade.ts'

import { suiteFor } from '../../src/diagnostics/tls-grade/suite-table.ts'

import { explainSslReason } from '../../src/shared/tools/ssl/explain.ts'

import {
  type ProtocolName,
  type ProtocolProbe,
  type TlsScan,
  vulnerabilityId,
} from '../../src/shared/tools/ssl/schema.ts'

import { UNKNOWN_ISSUER } from '../../src/shared/tools/ssl/trust-words.ts'

const ALL: ProtocolName[] = ['TLSv1.3', 'TLSv1.2', 'TLSv1.1', 'TLSv1', 'SSLv3', 'SSLv2']

function protocols(accepted: ProtocolName[]): ProtocolProbe[] {
  return ALL.map((protocol) => ({
    protocol,
    label: protocol,
    status: accepted.includes(protocol) ? 'accepted' : 'rejected',
    cipher: null,
    note: null,
  }))
}

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
    groups: [{ name: 'x25519', bits: 256, protocols: ['TLSv1.2'] }],
    dhBits,
    resumption: { sessionId: 'no', ticket: 'no', note: null },
    alpn: [],
    sct: { certificate: false, tlsExtension: 'no', ocsp: false },
    notRun: [],
    connections: 0,
    elapsedMs: 0,
  }
}

/** Every known weakness found, so that each of their caps applies. */
const EVERY_WEAKNESS = vulnerabilityId.options.map((id) => ({
  id,
  name: id,
  verdict: 'vulnerable' as const,
  detail: 'seen',
}))

/** A server that trips nearly every rule at once: old versions, weak suites, a weak key, no trust. */
function badFacts(overrides: Partial<GradeFacts> = {}): GradeFacts {
  return {
    trust: { trusted: false, error: null, hostnameMatch: false, expired: true, notYetValid: false, selfSigned: true },
    certificate: {
      leafIssuer: 'CN=Issuing CA',
      topIssuer: 'CN=Root CA',
      intermediates: 0,
      signatureAlgorithms: ['md5WithRSAEncryption', 'sha1WithRSAEncryption'],
    },
    keyStrength: 512,
    keyType: 'RSA',
    keyBits: 512,
    exchangeStrength: null,
    protocols: protocols(['TLSv1.1', 'TLSv1', 'SSLv3', 'SSLv2']),
    negotiated: { protocol: 'TLSv1', cipher: 'RC4-MD5', bits: 128, aead: false, forwardSecrecy: false },
    // RC4-MD5, 3DES, NULL-SHA, EXP-RC4-MD5, ADH-AES128-SHA, DHE-RSA-AES128-SHA
    scan: {
      ...scanOf({ 'TLSv1.1': [0x0004, 0x000a, 0x0002, 0x0003, 0x0034, 0x0033] }, 512),
      vulnerabilities: EVERY_WEAKNESS,
    },
    insecureSuites: true,
    hstsMaxAge: null,
    ...overrides,
  }
}

describe('explainSslReason()', () => {
  it('explains every cap of a badly configured server', () => {
    const reasons = [
      ...gradeServer(badFacts()).reasons,
      ...gradeServer(
        badFacts({
          trust: {
            trusted: false,
            error: 'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
            hostnameMatch: true,
            expired: false,
            notYetValid: false,
            selfSigned: false,
          },
          keyStrength: 1024,
          protocols: protocols(['TLSv1.2', 'TLSv1']),
          scan: scanOf({ 'TLSv1.2': [0x0004, 0x0033] }, 1024),
        }),
      ).reasons,
      ...gradeServer(badFacts({ scan: null, exchangeStrength: 1024, keyStrength: 2048 })).reasons,
    ]
    expect(reasons.length).toBeGreaterThan(15)
    const unexplained = reasons.filter((r) => explainSslReason(r) === null).map((r) => `${r.rule}: ${r.text}`)
    expect(unexplained).toEqual([])
  })

  it('explains each missing A+ condition apart: TLS 1.3 with the protocol line, HSTS with the header line', () => {
    const facts = badFacts({
      trust: { trusted: true, error: null, hostnameMatch: true, expired: false, notYetValid: false, selfSigned: false },
      certificate: { leafIssuer: 'CN=I', topIssuer: 'CN=R', intermediates: 1, signatureAlgorithms: ['sha256'] },
      keyStrength: 2048,
      keyBits: 2048,
      protocols: protocols(['TLSv1.2']),
      negotiated: {
        protocol: 'TLSv1.2',
        cipher: 'ECDHE-RSA-AES256-GCM-SHA384',
        bits: 256,
        aead: true,
        forwardSecrecy: true,
      },
      scan: scanOf({ 'TLSv1.2': [0xc030] }),
      insecureSuites: false,
    })
    const [reason, ...rest] = gradeServer(facts).reasons
    expect(rest.map((r) => r.cap)).toEqual(['A'])
    expect(reason?.text).toBe('TLS 1.3 is not supported (needed for A+)')
    const tls13 = reason && explainSslReason(reason)
    expect(tls13?.fix).toMatch(/^Enable TLS 1\.3/)
    expect(tls13?.config?.apache).toBe('SSLProtocol -all +TLSv1.2 +TLSv1.3')
    const hsts = rest[0] && explainSslReason(rest[0])
    expect(hsts?.fix).not.toMatch(/TLS 1\.3/)
    expect(hsts?.config?.nginx).toBe('add_header Strict-Transport-Security "max-age=31536000" always;')
  })

  it('tells an expired certificate from a missing intermediate', () => {
    const expired = explainSslReason({
      text: 'Certificate has expired',
      rule: 'SSL Labs rating guide: a certificate that is not trusted grades T',
    })
    const chain = explainSslReason({
      text: `Certificate is not trusted: ${UNKNOWN_ISSUER}; the server sends no intermediate certificate, only the leaf issued by CN=I`,
      rule: 'SSL Labs rating guide: a certificate that is not trusted grades T',
    })
    expect(expired?.fix).toMatch(/Renew/)
    expect(chain?.fix).toMatch(/full chain/)
  })
})
