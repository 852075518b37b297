// The letter grade, following Qualys SSL Labs' "SSL Server Rating Guide" (ssllabs/research wiki,
// version 2009r) and its published criteria changes, computed from every suite the scan found.
//
// Score (Scoring): protocol support 30 %, key exchange 30 %, cipher strength 40 %.
//   Protocol: (best + worst accepted) / 2 with SSL 2.0 0, SSL 3.0 80, TLS 1.0 90, TLS 1.1 95,
//   TLS 1.2 / 1.3 100. Key exchange: the weakest of the certificate key, the DH group of DHE
//   suites and the curves of ECDHE suites, as RSA-equivalent bits: <512 20, export 40, <1024 40,
//   <2048 80, <4096 90, else 100; anonymous 0. Cipher: (strongest + weakest accepted suite) / 2 with
//   0 bits 0, <128 20, <256 80 (3DES counts as 168 bits, as in the guide), else 100.
//   Letter: >=80 A, >=65 B, >=50 C, >=35 D, >=20 E, else F.
// Caps and the rules they come from are in grade-caps.ts and vulnerability-caps.ts; trust (T) and name (M) in trust-problems.ts.
// A+ only when the grade is A with no cap, TLS 1.3 is accepted and HSTS has max-age >= 180 days.
import type { GradeLetter, GradeReason, SslGrade } from '../../shared/tools/ssl/schema.ts'
import { rsaEquivalentBits } from './cipher-facts.ts'
import { configurationCaps, type SuiteSeen, suitesSeen } from './grade-caps.ts'
import type { GradeFacts } from './grade-facts.ts'
import { trustReasons } from './trust-problems.ts'
import { vulnerabilityCaps } from './vulnerability-caps.ts'

export type { GradeFacts }

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
  if (bits <= 0) return 0
  if (bits < 512) return 20
  if (bits < 1024) return 40
  if (bits < 2048) return 80
  if (bits < 4096) return 90
  return 100
}

function cipherScore(suite: SuiteSeen): number {
  const bits = suite.encryption.startsWith('3DES') ? 168 : suite.bits
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
const untested = (facts: GradeFacts, protocol: string) =>
  facts.protocols.some((p) => p.protocol === protocol && p.status === 'not-tested')

/** The weakest key exchange of any accepted suite, as RSA-equivalent bits (0: anonymous). */
export function weakestExchange(facts: GradeFacts, suites: SuiteSeen[]): number {
  const strengths = [facts.keyStrength]
  if (suites.length === 0 && facts.exchangeStrength !== null) strengths.push(facts.exchangeStrength)
  if (suites.some((s) => s.authentication === 'none')) strengths.push(0)
  if (suites.some((s) => s.export)) strengths.push(512)
  if (suites.some((s) => s.keyExchange === 'DHE') && facts.scan?.dhBits) strengths.push(facts.scan.dhBits)
  if (suites.some((s) => s.keyExchange === 'ECDHE' || s.protocol === 'TLSv1.3')) {
    const groups = facts.scan?.groups ?? []
    strengths.push(...groups.map((g) => (g.name.startsWith('ffdhe') ? g.bits : rsaEquivalentBits('EC', g.bits))))
  }
  return Math.min(...strengths)
}

export function scoreParts(facts: GradeFacts): NonNullable<SslGrade['scores']> {
  const protocolScores = facts.protocols
    .filter((p) => p.status === 'accepted')
    .map((p) => PROTOCOL_SCORES[p.protocol] ?? 0)
  if (protocolScores.length === 0) protocolScores.push(PROTOCOL_SCORES[facts.negotiated.protocol] ?? 0)
  const suites = suitesSeen(facts)
  const ciphers = suites.map(cipherScore)
  return {
    protocol: (Math.max(...protocolScores) + Math.min(...protocolScores)) / 2,
    keyExchange: keyExchangeScore(weakestExchange(facts, facts.scan ? suites : [])),
    cipher: (Math.max(...ciphers) + Math.min(...ciphers)) / 2,
  }
}

export function scoreConfiguration(facts: GradeFacts): number {
  const parts = scoreParts(facts)
  return Math.round(0.3 * parts.protocol + 0.3 * parts.keyExchange + 0.4 * parts.cipher)
}

function plusReasons(facts: GradeFacts): GradeReason[] {
  const reasons: GradeReason[] = []
  const rule = 'SSL Labs rating guide: A+ needs TLS 1.3 and HSTS with max-age of at least 6 months'
  if (!accepted(facts, 'TLSv1.3')) {
    const text = untested(facts, 'TLSv1.3')
      ? 'TLS 1.3 could not be tested (needed for A+)'
      : 'TLS 1.3 is not supported (needed for A+)'
    reasons.push({ cap: 'A', text, rule })
  }
  if ((facts.hstsMaxAge ?? 0) < HSTS_MIN_AGE) {
    reasons.push({ cap: 'A', text: 'No HSTS with max-age of at least 180 days (needed for A+)', rule })
  }
  return reasons
}

export function gradeServer(facts: GradeFacts): SslGrade {
  const scores = scoreParts(facts)
  const score = scoreConfiguration(facts)
  const reasons = configurationCaps(facts, {
    accepted: (p) => accepted(facts, p),
    untested: (p) => untested(facts, p),
  })
  reasons.push(...vulnerabilityCaps(facts.scan))
  let letter = letterFor(score)
  if (letter !== 'A') {
    reasons.unshift({
      cap: letter,
      text: `The score is ${score} (protocol ${scores.protocol}, key exchange ${scores.keyExchange}, cipher ${scores.cipher})`,
      rule: 'SSL Labs rating guide: a score of 80 or more is A, 65 B, 50 C, 35 D, 20 E, below 20 F',
    })
  }
  for (const reason of reasons) {
    if (ORDER.indexOf(reason.cap) > ORDER.indexOf(letter)) letter = reason.cap
  }
  if (letter === 'A') {
    const missing = plusReasons(facts)
    if (missing.length === 0 && !reasons.some((r) => r.cap === 'A')) letter = 'A+'
    reasons.push(...missing)
  }
  const trust = trustReasons(facts.trust, facts.certificate)
  if (trust.length === 0) return { grade: letter, gradeIfTrusted: null, score, scores, reasons }
  const grade = trust.some((r) => r.cap === 'T') ? 'T' : 'M'
  return { grade, gradeIfTrusted: letter, score, scores, reasons: [...trust, ...reasons] }
}
