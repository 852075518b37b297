// Why a certificate is not trusted, in the same words in every tool that verifies one (SSL check,
// mail test STARTTLS, website check, monitors). The verifier's code (the OpenSSL name node:tls
// reports, e.g. UNABLE_TO_VERIFY_LEAF_SIGNATURE) stays in results for machines; people read these.

/** The words of an untrusted chain whose issuer is no authority the server trusts. */
export const UNKNOWN_ISSUER =
  'it is not issued by a trusted authority (an unknown CA, or an intermediate certificate the server does not send)'

const WORDS: Record<string, string> = {
  UNABLE_TO_VERIFY_LEAF_SIGNATURE: UNKNOWN_ISSUER,
  UNABLE_TO_GET_ISSUER_CERT: UNKNOWN_ISSUER,
  UNABLE_TO_GET_ISSUER_CERT_LOCALLY: UNKNOWN_ISSUER,
  DEPTH_ZERO_SELF_SIGNED_CERT: 'it is self-signed',
  SELF_SIGNED_CERT_IN_CHAIN: 'the chain ends in a self-signed root that is not trusted',
  CERT_HAS_EXPIRED: 'it has expired',
  CERT_NOT_YET_VALID: 'it is not yet valid',
  CERT_SIGNATURE_FAILURE: 'a signature in the chain does not verify',
  CERT_REVOKED: 'it has been revoked',
  INVALID_CA: 'a certificate in the chain is not allowed to issue certificates',
  INVALID_PURPOSE: 'it is not meant for TLS servers',
  CA_MD_TOO_WEAK: 'a certificate in the chain is signed with a weak hash',
  CA_KEY_TOO_SMALL: 'a key in the chain is too small',
  EE_KEY_TOO_SMALL: 'a key in the chain is too small',
  CERT_CHAIN_TOO_LONG: 'the chain is too long',
  HOSTNAME_MISMATCH: 'it does not name this host',
  ERR_TLS_CERT_ALTNAME_INVALID: 'it does not name this host',
}

/** Why the verifier refused the chain, in words; for a code not listed, the code's own words. */
export function describeTrustError(code: string | null | undefined): string {
  if (!code) return 'the verifier gave no reason'
  return WORDS[code] ?? `the verifier refused it (${code.replace(/^ERR_/, '').toLowerCase().replaceAll('_', ' ')})`
}

/** "not trusted: it is not issued by a trusted authority (…)": one verdict for every tool. */
export function describeUntrusted(code: string | null | undefined): string {
  return `not trusted: ${describeTrustError(code)}`
}
