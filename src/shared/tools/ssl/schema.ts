// SSL/TLS check: request, result shape (certificate, chain, protocols, grade) and its text rendering.
import { z } from 'zod'
import { domainWithPortInput } from '../../validation.ts'
import { toolRequest, toolResponse } from '../tool-answer.ts'

/** The product's prefix of every SSL failure message. */
export const SSL_FAILURE_PREFIX = 'SSL certificate check failed:'
/** The product's expiry warning threshold. */
export const EXPIRY_WARNING_DAYS = 30

export const sslOptions = z.object({})
export const sslRequest = toolRequest(domainWithPortInput, sslOptions)

export const certificateInfo = z.object({
  subject: z.string(),
  issuer: z.string(),
  serialNumber: z.string(),
  validFrom: z.string(),
  validTo: z.string(),
  /** Whole days until validTo; negative once expired. */
  daysLeft: z.number(),
  /** "RSA", "EC", "Ed25519", "RSA-PSS"... */
  keyType: z.string(),
  keyBits: z.number().nullable(),
  curve: z.string().nullable(),
  signatureAlgorithm: z.string(),
  fingerprintSha256: z.string(),
  selfSigned: z.boolean(),
  isCa: z.boolean(),
})
export type CertificateInfo = z.infer<typeof certificateInfo>

export const leafCertificate = certificateInfo.extend({ subjectAltNames: z.array(z.string()) })
export type LeafCertificate = z.infer<typeof leafCertificate>

export const PROTOCOLS = ['TLSv1.3', 'TLSv1.2', 'TLSv1.1', 'TLSv1', 'SSLv3', 'SSLv2'] as const
export const protocolName = z.enum(PROTOCOLS)
export type ProtocolName = z.infer<typeof protocolName>

export const protocolProbe = z.object({
  protocol: protocolName,
  /** "TLS 1.3", "SSL 3.0"... */
  label: z.string(),
  /** 'accepted': supported; 'rejected': the server refused it; 'not-tested': not checked (note says why). */
  status: z.enum(['accepted', 'rejected', 'not-tested']),
  cipher: z.string().nullable(),
  /** The refusal (an alert code), or why the version could not be tested. */
  note: z.string().nullable(),
})
export type ProtocolProbe = z.infer<typeof protocolProbe>

export const GRADES = ['A+', 'A', 'B', 'C', 'D', 'E', 'F', 'T', 'M'] as const
export const gradeLetter = z.enum(GRADES)
export type GradeLetter = z.infer<typeof gradeLetter>

export const gradeReason = z.object({
  cap: gradeLetter,
  text: z.string(),
  /** The published rule that applied ("SSL Labs rating guide: ..."). */
  rule: z.string().optional(),
})
export type GradeReason = z.infer<typeof gradeReason>

export const sslGrade = z.object({
  grade: gradeLetter,
  /** With T or M: the grade the configuration would get with a trusted, matching certificate. */
  gradeIfTrusted: gradeLetter.nullable(),
  /** The numerical score (0-100) before caps. */
  score: z.number(),
  /** The three parts of the score (each 0-100), weighted 30 / 30 / 40 %. */
  scores: z.object({ protocol: z.number(), keyExchange: z.number(), cipher: z.number() }).optional(),
  reasons: z.array(gradeReason),
})
export type SslGrade = z.infer<typeof sslGrade>

export const sslTrust = z.object({
  trusted: z.boolean(),
  /** The verifier's reason when the chain is not trusted (e.g. CERT_HAS_EXPIRED). */
  error: z.string().nullable(),
  hostnameMatch: z.boolean(),
  hostnameError: z.string().nullable(),
  expired: z.boolean(),
  notYetValid: z.boolean(),
  expiresSoon: z.boolean(),
  selfSigned: z.boolean(),
})
export type SslTrust = z.infer<typeof sslTrust>

export const sslConnection = z.object({
  protocol: z.string(),
  cipher: z.string(),
  cipherStandardName: z.string().nullable(),
  cipherBits: z.number(),
  aead: z.boolean(),
  forwardSecrecy: z.boolean(),
  /** "X25519 (253 bits)" or "DH (2048 bits)"; null when the key exchange was not ephemeral. */
  keyExchange: z.string().nullable(),
  handshakeMs: z.number(),
})
export type SslConnection = z.infer<typeof sslConnection>

export const hstsReport = z.object({
  present: z.boolean(),
  value: z.string().nullable(),
  maxAge: z.number().nullable(),
  includeSubDomains: z.boolean(),
  preload: z.boolean(),
  /** Why the header could not be read (the HTTP request failed). */
  error: z.string().nullable(),
})
export type HstsReport = z.infer<typeof hstsReport>

/** One cipher suite as the IANA registry defines it. */
export const cipherSuite = z.object({
  /** IANA code point, "0xC02F". */
  code: z.string(),
  /** IANA name, "TLS_ECDHE_RSA_WITH_AES_128_GCM_SHA256". */
  name: z.string(),
  /** "ECDHE", "DHE", "RSA", "ECDH", "DH", "PSK"...; "any (TLS 1.3)" for TLS 1.3 suites. */
  keyExchange: z.string(),
  /** "RSA", "ECDSA", "DSS", "PSK", "none" (anonymous)...; "any (TLS 1.3)" for TLS 1.3 suites. */
  authentication: z.string(),
  /** "AES-128-GCM", "3DES-EDE-CBC", "none"... */
  encryption: z.string(),
  /** "AEAD" or the record MAC ("HMAC-SHA1"...). */
  mac: z.string(),
  /** Effective strength of the encryption in bits (3DES: 112; none: 0). */
  bits: z.number(),
  aead: z.boolean(),
  forwardSecrecy: z.boolean(),
  /** An export-grade suite (40/56-bit, 512-bit key exchange). */
  export: z.boolean(),
  /** 'insecure': broken or unauthenticated; 'weak': no forward secrecy, not AEAD or 64-bit block. */
  strength: z.enum(['strong', 'weak', 'insecure']),
  /** Why the suite is weak or insecure, in words; null when strong. */
  weakness: z.string().nullable(),
})
export type CipherSuite = z.infer<typeof cipherSuite>

/** The suites one protocol version accepts, from hand-built hellos. */
export const protocolSuites = z.object({
  protocol: protocolName,
  label: z.string(),
  /** 'accepted': at least one suite; 'rejected': the server refused every suite; 'not-tested': see note. */
  status: z.enum(['accepted', 'rejected', 'not-tested']),
  /** Accepted suites, in the server's order of preference when it has one, else strongest first. */
  suites: z.array(cipherSuite),
  /** Whether the server picks by its own order; null when fewer than two suites or not tested. */
  serverOrder: z.boolean().nullable(),
  /** Why the version or part of its suites could not be tested. */
  note: z.string().nullable(),
})
export type ProtocolSuites = z.infer<typeof protocolSuites>

/** A key exchange group (named curve or finite-field group) the server accepts. */
export const supportedGroup = z.object({
  /** IANA name, "x25519", "secp256r1", "ffdhe2048"... */
  name: z.string(),
  /** Size of the group in bits (X25519 counts as 256; hybrid groups by their classical half). */
  bits: z.number(),
  /** The versions in which it was found. */
  protocols: z.array(protocolName),
})
export type SupportedGroup = z.infer<typeof supportedGroup>

export const tristate = z.enum(['yes', 'no', 'not-tested'])

/** The known TLS weaknesses the scan looks for, as SSL Labs and testssl.sh name them. */
export const vulnerabilityId = z.enum([
  'heartbleed',
  'ccs-injection',
  'secure-renegotiation',
  'client-renegotiation',
  'crime',
  'poodle',
  'fallback-scsv',
  'sweet32',
  'freak',
  'logjam',
  'drown',
  'robot',
])
export type VulnerabilityId = z.infer<typeof vulnerabilityId>

/** One weakness: vulnerable, not vulnerable, or not tested (with why), and what was seen. */
export const vulnerabilityFinding = z.object({
  id: vulnerabilityId,
  /** "Heartbleed (CVE-2014-0160)". */
  name: z.string(),
  verdict: z.enum(['vulnerable', 'not-vulnerable', 'not-tested']),
  /** What the verdict rests on, or why it could not be tested. */
  detail: z.string(),
})
export type VulnerabilityFinding = z.infer<typeof vulnerabilityFinding>

/** What one named client (browser, JDK, OpenSSL) would negotiate, from its own ClientHello. */
export const clientSimulation = z.object({
  /** "Chrome 131", "IE 11 / Windows 7"... */
  client: z.string(),
  /** The versions the client offers, newest first: "TLS 1.3, TLS 1.2". */
  offered: z.string(),
  /** 'failed': the server refused the client; 'not-tested': no answer (note says why). */
  status: z.enum(['negotiated', 'failed', 'not-tested']),
  /** "TLS 1.2"; null unless negotiated. */
  protocol: z.string().nullable(),
  /** IANA suite name; null unless negotiated. */
  suite: z.string().nullable(),
  note: z.string().nullable(),
})
export type ClientSimulation = z.infer<typeof clientSimulation>

/** The full scan: suites per version, groups, DH size, order, resumption, ALPN, SCTs. */
export const tlsScan = z.object({
  /** Newest first: TLS 1.3, 1.2, 1.1, 1.0, SSL 3.0 (SSL 2.0 has no suites listed). */
  protocols: z.array(protocolSuites),
  /** Groups the server accepts for (EC)DHE, in IANA code point order. */
  groups: z.array(supportedGroup),
  /** Size of the server's finite-field DH group in DHE suites before TLS 1.3; null without DHE. */
  dhBits: z.number().nullable(),
  /** The well-known DH group the server's prime is (RFC 2409/3526/7919 name), or null; absent in older results. */
  dhCommonPrime: z.string().nullable().optional(),
  /** Known weaknesses (Heartbleed, POODLE, Logjam...); absent in results stored before they were checked. */
  vulnerabilities: z.array(vulnerabilityFinding).optional(),
  /** Named clients' handshakes with the server; absent in results stored before they were simulated. */
  clientSimulations: z.array(clientSimulation).optional(),
  /** Whether the server resumes a session by session ID, and by session ticket. */
  resumption: z.object({ sessionId: tristate, ticket: tristate, note: z.string().nullable() }),
  /** Application protocols the server selects when offered alone (h2, http/1.1); null when not tested. */
  alpn: z.array(z.string()).nullable(),
  /** Signed certificate timestamps: in the certificate, in the TLS extension, in the stapled OCSP response. */
  sct: z.object({ certificate: z.boolean(), tlsExtension: tristate, ocsp: z.boolean() }),
  /** Probes that could not be run, each with why ("TLS 1.1 suites: no answer within 8000 ms"). */
  notRun: z.array(z.object({ probe: z.string(), why: z.string() })),
  /** Connections the scan made, and how long it took. */
  connections: z.number(),
  elapsedMs: z.number(),
})
export type TlsScan = z.infer<typeof tlsScan>

export const sslResult = z.object({
  host: z.string(),
  port: z.number(),
  /** The checked address the server was reached at. */
  address: z.string(),
  addresses: z.array(z.string()),
  certificate: leafCertificate,
  /** Issuers above the leaf, in order, up to the root when it is known. */
  chain: z.array(certificateInfo),
  trust: sslTrust,
  connection: sslConnection,
  protocols: z.array(protocolProbe),
  /** Whether suites without encryption or authentication are accepted; null when not tested. */
  insecureSuites: z.boolean().nullable(),
  /** Why the NULL/anonymous suites could not be tested (insecureSuites null). */
  insecureSuitesNote: z.string().nullable().optional(),
  ocspStapling: z.boolean(),
  hsts: hstsReport,
  /** Suites per version and the server's TLS features, from hand-built hellos. */
  scan: tlsScan.optional(),
  grade: sslGrade,
})
export type SslResult = z.infer<typeof sslResult>

export const sslResponse = toolResponse('ssl', sslResult)

/** "rejected", "ACCEPTED", or "not tested (why)" for the NULL/anonymous suites probe. */
export function insecureSuitesText(result: Pick<SslResult, 'insecureSuites' | 'insecureSuitesNote'>): string {
  if (result.insecureSuites === true) return 'ACCEPTED'
  if (result.insecureSuites === false) return 'rejected'
  return result.insecureSuitesNote ? `not tested (${result.insecureSuitesNote})` : 'not tested'
}

/**
 * "6 protocol versions tested: 2 accepted, 4 rejected", and the versions that could not be tested
 * with why; the grade covers only the versions tested.
 */
export function protocolCoverage(protocols: readonly ProtocolProbe[]): string {
  const tested = protocols.filter((p) => p.status !== 'not-tested')
  const accepted = tested.filter((p) => p.status === 'accepted').length
  const versions = (n: number) => `${n} protocol version${n === 1 ? '' : 's'}`
  const head = `${versions(tested.length)} tested: ${accepted} accepted, ${tested.length - accepted} rejected`
  const untested = protocols.filter((p) => p.status === 'not-tested')
  if (untested.length === 0) return head
  const which = untested.map((p) => `${p.label}${p.note ? ` (${p.note})` : ''}`).join(', ')
  return `${head}; not tested, so not covered by the grade: ${which}`
}
