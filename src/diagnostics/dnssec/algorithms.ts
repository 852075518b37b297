// DNSSEC signature algorithms (RFC 8624) verified with node:crypto, the keys read from their
// DNSKEY form: RSA as in RFC 3110, ECDSA as in RFC 6605, EdDSA as in RFC 8080.
import { createPublicKey, type KeyObject, verify } from 'node:crypto'

export const ALGORITHM_NAMES: Record<number, string> = {
  5: 'RSASHA1',
  7: 'RSASHA1-NSEC3-SHA1',
  8: 'RSASHA256',
  10: 'RSASHA512',
  13: 'ECDSAP256SHA256',
  14: 'ECDSAP384SHA384',
  15: 'ED25519',
  16: 'ED448',
}

export const algorithmName = (n: number) => ALGORITHM_NAMES[n] ?? `algorithm ${n}`

interface Algorithm {
  hash: string | null
  key(publicKey: Buffer): KeyObject
  ecdsa?: boolean
}

const b64url = (b: Buffer) => b.toString('base64url')

function rsaKey(data: Buffer): KeyObject {
  let exponentLength = data[0] ?? 0
  let at = 1
  if (exponentLength === 0) {
    exponentLength = data.readUInt16BE(1)
    at = 3
  }
  const e = data.subarray(at, at + exponentLength)
  const n = data.subarray(at + exponentLength)
  if (e.length !== exponentLength || n.length === 0) throw new Error('RSA key data is too short')
  return createPublicKey({ key: { kty: 'RSA', n: b64url(n), e: b64url(e) }, format: 'jwk' })
}

function ecKey(crv: string, size: number) {
  return (data: Buffer) => {
    if (data.length !== size * 2) throw new Error(`${crv} key is ${data.length} bytes, not ${size * 2}`)
    const jwk = { kty: 'EC', crv, x: b64url(data.subarray(0, size)), y: b64url(data.subarray(size)) }
    return createPublicKey({ key: jwk, format: 'jwk' })
  }
}

function edKey(crv: string, size: number) {
  return (data: Buffer) => {
    if (data.length !== size) throw new Error(`${crv} key is ${data.length} bytes, not ${size}`)
    return createPublicKey({ key: { kty: 'OKP', crv, x: b64url(data) }, format: 'jwk' })
  }
}

const ALGORITHMS: Record<number, Algorithm> = {
  5: { hash: 'sha1', key: rsaKey },
  7: { hash: 'sha1', key: rsaKey },
  8: { hash: 'sha256', key: rsaKey },
  10: { hash: 'sha512', key: rsaKey },
  13: { hash: 'sha256', key: ecKey('P-256', 32), ecdsa: true },
  14: { hash: 'sha384', key: ecKey('P-384', 48), ecdsa: true },
  15: { hash: null, key: edKey('Ed25519', 32) },
  16: { hash: null, key: edKey('Ed448', 57) },
}

export const algorithmSupported = (n: number) => ALGORITHMS[n] !== undefined

/** Verifies `signature` over `data` with a DNSKEY's public key; throws on a key it cannot read. */
export function verifySignature(algorithm: number, publicKey: Buffer, data: Buffer, signature: Buffer): boolean {
  const spec = ALGORITHMS[algorithm]
  if (!spec) throw new Error(`unsupported algorithm ${algorithm}`)
  const key = spec.key(publicKey)
  if (spec.ecdsa) return verify(spec.hash, data, { key, dsaEncoding: 'ieee-p1363' }, signature)
  return verify(spec.hash, data, key, signature)
}
