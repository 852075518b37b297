// SSL/TLS check: request, result shape (certificate, chain, protocols, grade) and its text rendering.
import { z } from 'zod'
import { domainWithPortInput } from '../validation.ts'
import { toolRequest, toolResponse } from './common.ts'

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

export const gradeReason = z.object({ cap: gradeLetter, text: z.string() })
export type GradeReason = z.infer<typeof gradeReason>

export const sslGrade = z.object({
  grade: gradeLetter,
  /** With T or M: the grade the configuration would get with a trusted, matching certificate. */
  gradeIfTrusted: gradeLetter.nullable(),
  /** The numerical score (0-100) before caps. */
  score: z.number(),
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
