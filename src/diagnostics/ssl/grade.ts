// The letter grade, following Qualys SSL Labs' "SSL Server Rating Guide" (ssllabs/research wiki,
// version 2009r) and its published criteria changes. What we implement:
//
// Score (SSL Labs rating guide, Scoring): protocol support 30 %, key exchange 30 %, cipher strength 40 %.
//   Protocol: (best + worst accepted) / 2 with SSL 2.0 0, SSL 3.0 80, TLS 1.0 90, TLS 1.1 95,
//   TLS 1.2 / 1.3 100. Key exchange: weaker of certificate key and ephemeral (EC)DH key, as
//   RSA-equivalent bits: <512 20, <1024 40, <2048 80, <4096 90, else 100; anonymous 0.
//   Cipher: (strongest + weakest negotiated suite) / 2 with 0 bits 0, <128 20, <256 80, else 100.
//   Letter: >=80 A, >=65 B, >=50 C, >=35 D, >=20 E, else F.
// Caps (each listed as a reason):
//   F  SSL 2.0 accepted (2009c); SSL 3.0 accepted (obsolete, RFC 7568; POODLE); NULL or anonymous
//      suites accepted; certificate key under 1024 bits or MD2/MD5 signature (2009e, 2014).
//   C  neither TLS 1.2 nor TLS 1.3 accepted (raised from B to C in 2015).
//   B  TLS 1.0 or TLS 1.1 accepted (January 2020); key or DH parameters under 2048 bits (2014);
//      the suite chosen for a modern client lacks forward secrecy or AEAD (March 2018).
//   A+ only when the grade is A, TLS 1.3 is accepted (2009r) and HSTS has max-age >= 180 days.
//   T  certificate not trusted: unknown issuer, self-signed, expired, not yet valid, or a SHA-1
//      signature below the root (2017); M  certificate name mismatch. Both report the grade the
//      configuration would get if the certificate were trusted.
// We judge cipher strength from the suites our handshakes negotiated; we do not enumerate every
// suite. 3DES and RC4 cannot be offered by this server's TLS library and are not tested.
import type { GradeLetter, GradeReason, ProtocolProbe, SslGrade } from '../../shared/tools/ssl.ts'
import type { CipherFacts } from './cipher-facts.ts'

export interface GradeFacts {
  trust: {
    trusted: boolean
    error: string | null
    hostnameMatch: boolean
    expired: boolean
    notYetValid: boolean
    selfSigned: boolean
  }
  /** Signature algorithms of the leaf and any intermediates (not of the root). */
  signatureAlgorithms: string[]
  /** Certificate key strength as RSA-equivalent bits, and how to name it ("RSA 2048 bits"). */
  keyStrength: number
  keyText: string
  /** Ephemeral (EC)DH strength as RSA-equivalent bits; null when the exchange was not ephemeral. */
  exchangeStrength: number | null
  protocols: ProtocolProbe[]
  negotiated: CipherFacts & { protocol: string; cipher: string }
  /** Strengths of the suites negotiated in the per-version handshakes. */
  probeCipherBits: number[]
  insecureSuites: boolean | null
  hstsMaxAge: number | null
}

const ORDER: GradeLetter[] = ['A+', 'A', 'B', 'C', 'D', 'E', 'F']
const PROTOCOL_SCORES: Record<string, number> = {
  SSLv2: 0,
  SSLv3: 80,
  TLSv1: 90,
  'TLSv1.1': 95,
  'TLSv1.2': 100,
  'TLSv1.3': 100,
}
const HSTS_MIN_AGE = 180 * 86_400

function keyExchangeScore(bits: number): number {
  if (bits < 512) return 20
  if (bits < 1024) return 40
  if (bits < 2048) return 80
  if (bits < 4096) return 90
  return 100
}

function cipherScore(bits: number): number {
  if (bits === 0) return 0
  if (bits < 128) return 20
  if (bits < 256) return 80
  return 100
}

function letterFor(score: number): GradeLetter {
  if (score >= 80) return 'A'
  if (score >= 65) return 'B'
  if (score >= 50) return 'C'
  if (score >= 35) return 'D'
  if (score >= 20) return 'E'
  return 'F'
}

const accepted = (facts: GradeFacts, protocol: string) =>
  facts.protocols.some((p) => p.protocol === protocol && p.status === 'accepted')
/** Whether the probe of a version could be made; a version not tested counts neither way. */
const untested = (facts: GradeFacts, protocol: string) =>
  facts.protocols.some((p) => p.protocol === protocol && p.status === 'not-tested')

export function scoreConfiguration(facts: GradeFacts): number {
  const protocolScores = facts.protocols
    .filter((p) => p.status === 'accepted')
    .map((p) => PROTOCOL_SCORES[p.protocol] ?? 0)
  if (protocolScores.length === 0) protocolScores.push(PROTOCOL_SCORES[facts.negotiated.protocol] ?? 0)
  const protocol = (Math.max(...protocolScores) + Math.min(...protocolScores)) / 2
  const exchange = keyExchangeScore(Math.min(facts.keyStrength, facts.exchangeStrength ?? facts.keyStrength))
  const bits = [facts.negotiated.bits, ...facts.probeCipherBits]
  const cipher = (cipherScore(Math.max(...bits)) + cipherScore(Math.min(...bits))) / 2
  return Math.round(0.3 * protocol + 0.3 * exchange + 0.4 * cipher)
}

function configurationCaps(facts: GradeFacts): GradeReason[] {
  const caps: GradeReason[] = []
  const add = (cap: GradeLetter, when: boolean, text: string) => when && caps.push({ cap, text })
  const weakSignature = facts.signatureAlgorithms.find((alg) => /md[25]/i.test(alg))
  add('F', accepted(facts, 'SSLv2'), 'Accepts SSL 2.0, which is insecure')
  add('F', accepted(facts, 'SSLv3'), 'Accepts SSL 3.0, which is insecure (POODLE)')
  add('F', facts.insecureSuites === true, 'Accepts cipher suites without encryption or authentication (NULL/anonymous)')
  add('F', facts.keyStrength < 1024, `Certificate key is insecure: ${facts.keyText}`)
  add('F', weakSignature !== undefined, `Certificate signature is insecure: ${weakSignature}`)
  const modern = ['TLSv1.2', 'TLSv1.3']
  add(
    'C',
    // A version not tested counts neither way, unless a modern client's own handshake got an older one.
    !modern.some((p) => accepted(facts, p)) &&
      (!modern.some((p) => untested(facts, p)) || !modern.includes(facts.negotiated.protocol)),
    'Supports neither TLS 1.2 nor TLS 1.3',
  )
  add('B', accepted(facts, 'TLSv1'), 'Accepts TLS 1.0 (deprecated)')
  add('B', accepted(facts, 'TLSv1.1'), 'Accepts TLS 1.1 (deprecated)')
  add('B', facts.keyStrength >= 1024 && facts.keyStrength < 2048, `Certificate key is weak: ${facts.keyText}`)
  add('B', (facts.exchangeStrength ?? 2048) < 2048, `Key exchange parameters are weak (${facts.exchangeStrength} bits)`)
  add('B', !facts.negotiated.forwardSecrecy, `No forward secrecy: ${facts.negotiated.cipher} was negotiated`)
  add('B', !facts.negotiated.aead, `No AEAD encryption: ${facts.negotiated.cipher} was negotiated`)
  return caps
}

function trustCaps(facts: GradeFacts): GradeReason[] {
  const { trust } = facts
  const caps: GradeReason[] = []
  const add = (cap: GradeLetter, when: boolean, text: string) => when && caps.push({ cap, text })
  const sha1 = facts.signatureAlgorithms.find((alg) => /sha-?1(?!\d)/i.test(alg))
  add('T', trust.expired, 'Certificate has expired')
  add('T', trust.notYetValid, 'Certificate is not yet valid')
  add('T', trust.selfSigned, 'Certificate is self-signed')
  add(
    'T',
    !trust.trusted && !trust.expired && !trust.notYetValid && !trust.selfSigned,
    `Certificate is not trusted (${trust.error ?? 'unknown issuer'})`,
  )
  add('T', sha1 !== undefined, `Certificate is signed with SHA-1 (${sha1}), which is no longer trusted`)
  add('M', !trust.hostnameMatch, 'Certificate name does not match the host')
  return caps
}

export function gradeServer(facts: GradeFacts): SslGrade {
  const score = scoreConfiguration(facts)
  const reasons = configurationCaps(facts)
  let letter = letterFor(score)
  for (const reason of reasons) {
    if (ORDER.indexOf(reason.cap) > ORDER.indexOf(letter)) letter = reason.cap
  }
  if (letter === 'A') {
    const hstsLong = (facts.hstsMaxAge ?? 0) >= HSTS_MIN_AGE
    if (hstsLong && accepted(facts, 'TLSv1.3')) letter = 'A+'
    else {
      if (!accepted(facts, 'TLSv1.3')) {
        const text = untested(facts, 'TLSv1.3')
          ? 'TLS 1.3 could not be tested (needed for A+)'
          : 'TLS 1.3 is not supported (needed for A+)'
        reasons.push({ cap: 'A', text })
      }
      if (!hstsLong) reasons.push({ cap: 'A', text: 'No HSTS with max-age of at least 180 days (needed for A+)' })
    }
  }
  const trustReasons = trustCaps(facts)
  if (trustReasons.length === 0) return { grade: letter, gradeIfTrusted: null, score, reasons }
  const grade = trustReasons.some((r) => r.cap === 'T') ? 'T' : 'M'
  return { grade, gradeIfTrusted: letter, score, reasons: [...trustReasons, ...reasons] }
}
