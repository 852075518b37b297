// Certificate problems in words: why a chain is not trusted, which key or signature is too weak.
// The verifier's codes stay in the result's trust.error for machines; people read these.
import type { GradeReason } from '../../shared/tools/ssl.ts'

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

/** Why the verifier did not trust the chain, in words. */
export function untrustedWords(error: string | null, cert: CertificateFacts): string {
  switch (error) {
    case 'UNABLE_TO_VERIFY_LEAF_SIGNATURE':
      return cert.intermediates === 0
        ? `the server sends no intermediate certificate, and the issuer ${cert.leafIssuer} is not a trusted root: the chain cannot be completed`
        : `the issuer ${cert.leafIssuer} of the certificate is unknown`
    case 'UNABLE_TO_GET_ISSUER_CERT':
    case 'UNABLE_TO_GET_ISSUER_CERT_LOCALLY':
      return `the chain leads to ${cert.topIssuer}, which is not a trusted authority`
    case 'SELF_SIGNED_CERT_IN_CHAIN':
      return 'the chain ends in a self-signed root that is not trusted'
    case 'CERT_SIGNATURE_FAILURE':
      return 'a signature in the chain does not verify'
    case 'CERT_REVOKED':
      return 'the certificate has been revoked'
    case 'INVALID_CA':
      return 'a certificate in the chain is not allowed to issue certificates'
    case 'INVALID_PURPOSE':
      return 'the certificate is not meant for TLS servers'
    case 'CA_MD_TOO_WEAK':
      return 'a certificate in the chain is signed with a weak hash'
    case 'CA_KEY_TOO_SMALL':
    case 'EE_KEY_TOO_SMALL':
      return 'a key in the chain is too small'
    case 'CERT_CHAIN_TOO_LONG':
      return 'the chain is too long'
    default:
      return error ? `the verifier refused it (${error.toLowerCase().replace(/_/g, ' ')})` : 'issuer unknown'
  }
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
