// Certificate problems in words: why a chain is not trusted, which key or signature is too weak.
// The verifier's codes stay in the result's trust.error for machines; people read the words of
// shared/tools/ssl/trust-words.ts, the same in every tool.
import type { GradeReason } from '../../shared/tools/ssl/schema.ts'
import { describeTrustError, UNKNOWN_ISSUER } from '../../shared/tools/ssl/trust-words.ts'

export interface TrustFacts {
  trusted: boolean
  /** The verifier's code (e.g. UNABLE_TO_VERIFY_LEAF_SIGNATURE); null when the chain verified. */
  error: string | null
  hostnameMatch: boolean
  expired: boolean
  notYetValid: boolean
  selfSigned: boolean
}

export interface CertificateFacts {
  /** Issuer of the leaf, and of the last certificate of the chain as the server sent it. */
  leafIssuer: string
  topIssuer: string
  /** Certificates the server sent above the leaf (0: leaf only). */
  intermediates: number
  /** Signature algorithms of the leaf and any intermediates (not of the root). */
  signatureAlgorithms: string[]
}

const RULE_TRUST = 'SSL Labs rating guide: a certificate that is not trusted grades T'
const RULE_SHA1 = 'SSL Labs (2017): certificates signed with SHA-1 are not trusted, T'
const RULE_NAME = 'SSL Labs rating guide: a certificate for another name grades M'

/** Why the verifier did not trust the chain: the words every tool uses, then what the chain sent shows. */
export function untrustedWords(error: string | null, cert: CertificateFacts): string {
  const words = describeTrustError(error)
  if (words !== UNKNOWN_ISSUER) return words
  return cert.intermediates === 0
    ? `${words}; the server sends no intermediate certificate, only the leaf issued by ${cert.leafIssuer}`
    : `${words}; the chain sent leads to ${cert.topIssuer}`
}

/** The T and M reasons, most specific first. */
export function trustReasons(trust: TrustFacts, cert: CertificateFacts): GradeReason[] {
  const reasons: GradeReason[] = []
  const add = (cap: 'T' | 'M', when: boolean, text: string, rule: string) => {
    if (when) reasons.push({ cap, text, rule })
  }
  const sha1 = cert.signatureAlgorithms.find((alg) => /sha-?1(?!\d)/i.test(alg))
  add('T', trust.expired, 'Certificate has expired', RULE_TRUST)
  add('T', trust.notYetValid, 'Certificate is not yet valid', RULE_TRUST)
  add('T', trust.selfSigned, 'Certificate is self-signed', RULE_TRUST)
  add(
    'T',
    !trust.trusted && !trust.expired && !trust.notYetValid && !trust.selfSigned,
    `Certificate is not trusted: ${untrustedWords(trust.error, cert)}`,
    RULE_TRUST,
  )
  add('T', sha1 !== undefined, `Certificate is signed with SHA-1 (${sha1}), which is no longer trusted`, RULE_SHA1)
  add('M', !trust.hostnameMatch, 'Certificate name does not match the host', RULE_NAME)
  return reasons
}
