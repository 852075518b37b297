// What a negotiated cipher suite and key mean for security: strength in bits, AEAD, forward
// secrecy, and keys expressed as RSA-equivalent bits (the unit the SSL Labs tables use).

export interface CipherFacts {
  bits: number
  aead: boolean
  forwardSecrecy: boolean
}

const STRENGTHS: [RegExp, number][] = [
  [/NULL/, 0],
  [/EXP|EXPORT|_40_|40-/, 40],
  [/CHACHA20/, 256],
  [/AES_?256|ARIA_?256|CAMELLIA_?256/, 256],
  [/3DES|DES_EDE|DES-CBC3/, 112],
  [/AES_?128|ARIA_?128|CAMELLIA_?128|SEED|IDEA|RC4/, 128],
  [/DES/, 56],
]

/** Reads a suite's traits from its IANA name ("TLS_ECDHE_RSA_WITH_AES_256_GCM_SHA384") or OpenSSL name. */
export function describeCipher(name: string, protocol: string): CipherFacts {
  const upper = name.toUpperCase()
  const bits = STRENGTHS.find(([pattern]) => pattern.test(upper))?.[1] ?? 128
  if (protocol === 'TLSv1.3') return { bits, aead: true, forwardSecrecy: true }
  const aead = /GCM|CCM|POLY1305/.test(upper)
  const forwardSecrecy = /^(TLS_)?(ECDHE|DHE|EDH)[_-]/.test(upper)
  return { bits, aead, forwardSecrecy }
}

/** NIST curve names for OpenSSL's. */
const CURVE_NAMES: Record<string, string> = { prime256v1: 'P-256', secp384r1: 'P-384', secp521r1: 'P-521' }

export function curveName(name: string): string {
  return CURVE_NAMES[name] ?? name
}

/** Elliptic-curve (and EdDSA / X25519) key sizes as RSA-equivalent bits (NIST SP 800-57 table 2). */
function ellipticToRsa(bits: number): number {
  if (bits >= 512) return 15_360
  if (bits >= 384) return 7680
  if (bits >= 250) return 3072
  if (bits >= 224) return 2048
  if (bits >= 160) return 1024
  return 512
}

/** The strength of a key of the given type and size, as RSA-equivalent bits. */
export function rsaEquivalentBits(keyType: string, bits: number): number {
  const type = keyType.toUpperCase()
  if (type.startsWith('RSA') || type === 'DSA' || type === 'DH') return bits
  return ellipticToRsa(bits)
}
