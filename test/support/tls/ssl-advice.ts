// The SSL check's "how to fix" advice held against the facts of the same result: each piece of
// advice the report can give names the fact that must hold for it to make sense (no "Enable TLS 1.3"
// beside "TLS 1.3 accepted"). Advice that no rule here knows is reported too, so new advice gets a rule.

import { explainSslReason } from '../../../src/shared/tools/ssl/explain.ts'
import type { ProtocolName, SslResult } from '../../../src/shared/tools/ssl/schema.ts'

const HSTS_MIN_SECONDS = 180 * 86_400

const accepted = (r: SslResult, protocol: ProtocolName) =>
  r.protocols.some((p) => p.protocol === protocol && p.status === 'accepted')
const suites = (r: SslResult) => r.scan?.protocols.flatMap((p) => (p.status === 'accepted' ? p.suites : [])) ?? []
const forwardSecret = (r: SslResult) =>
  accepted(r, 'TLSv1.3') || suites(r).some((s) => /^(EC)?DHE/.test(s.keyExchange)) || r.connection.forwardSecrecy

/** Advice pattern, the fact it presumes (in words), and that fact read from the result. */
const RULES: [RegExp, string, (r: SslResult) => boolean][] = [
  [/Enable TLS 1\.3/, 'TLS 1.3 is not accepted', (r) => !accepted(r, 'TLSv1.3')],
  [
    /TLS 1\.3 stays untested/,
    'TLS 1.3 was not tested',
    (r) => r.protocols.some((p) => p.protocol === 'TLSv1.3' && p.status === 'not-tested'),
  ],
  [/HSTS/, 'no HSTS of at least 180 days', (r) => (r.hsts.maxAge ?? 0) < HSTS_MIN_SECONDS],
  [
    /Accept TLS 1\.2 and TLS 1\.3 only/,
    'a version older than TLS 1.2 is accepted',
    (r) => (['TLSv1.1', 'TLSv1', 'SSLv3', 'SSLv2'] as const).some((p) => accepted(r, p)),
  ],
  [/enable TLS 1\.2/, 'TLS 1.2 is not accepted', (r) => !accepted(r, 'TLSv1.2')],
  [/Renew the certificate/, 'the certificate is outside its validity', (r) => r.trust.expired || r.trust.notYetValid],
  [
    /Serve the full chain/,
    'the server sends no intermediate',
    (r) => r.chain.filter((c) => !c.selfSigned).length === 0,
  ],
  [
    /Get a certificate from a trusted authority/,
    'the certificate is untrusted, for another name, or signed with SHA-1 or MD5',
    (r) => !r.trust.trusted || !r.trust.hostnameMatch || /sha-?1(?!\d)|md[25]/i.test(r.certificate.signatureAlgorithm),
  ],
  [/Offer ECDHE suites/, 'no suite with forward secrecy is accepted', (r) => !forwardSecret(r)],
  [/Offer AES-GCM or ChaCha20-Poly1305/, 'no AEAD suite is accepted', (r) => !suites(r).some((s) => s.mac === 'AEAD')],
  [
    /List only ECDHE suites/,
    'a weak or insecure suite is accepted',
    (r) => r.insecureSuites === true || suites(r).some((s) => s.strength !== 'strong'),
  ],
  [/group such as ffdhe2048/, 'a DH group under 2048 bits', (r) => (r.scan?.dhBits ?? Number.POSITIVE_INFINITY) < 2048],
  [/key of at least 2048 bits/, 'a certificate key under 2048 bits', (r) => (r.certificate.keyBits ?? 0) < 2048],
  [/Remove the weakest/, 'a score under 80', (r) => r.grade.score < 80],
]

/** Every piece of advice of the result whose presumed fact does not hold, or that no rule knows. */
export function adviceAgainstFacts(result: SslResult): string[] {
  const problems: string[] = []
  for (const reason of result.grade.reasons) {
    const fix = explainSslReason(reason)?.fix
    if (!fix) continue
    const rules = RULES.filter(([pattern]) => pattern.test(fix))
    if (rules.length === 0) problems.push(`no rule knows the advice "${fix}" (for "${reason.text}")`)
    for (const [, fact, holds] of rules) {
      if (!holds(result)) problems.push(`"${fix}" presumes ${fact}, but the scan says otherwise (for "${reason.text}")`)
    }
  }
  return problems
}
