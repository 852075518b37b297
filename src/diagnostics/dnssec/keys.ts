// DNSKEY and DS arithmetic: the key tag (RFC 4034 appendix B) and DS digests (RFC 4034 §5.1.4,
// RFC 4509, RFC 6605).
import { createHash } from 'node:crypto'
import { type Labels, nameWire } from './names.ts'

/** RFC 4034 appendix B: the 16-bit checksum of the DNSKEY record data. */
export function keyTag(rdata: Uint8Array): number {
  if (rdata[3] === 1) {
    // Algorithm 1 (RSA/MD5, long retired) takes the tag from the modulus' last bytes.
    return (((rdata[rdata.length - 3] ?? 0) << 8) | (rdata[rdata.length - 2] ?? 0)) & 0xffff
  }
  let sum = 0
  rdata.forEach((byte, i) => {
    sum += i & 1 ? byte : byte << 8
  })
  sum += (sum >> 16) & 0xffff
  return sum & 0xffff
}

export const DIGEST_NAMES: Record<number, string> = { 1: 'SHA-1', 2: 'SHA-256', 4: 'SHA-384' }
const DIGEST_HASH: Record<number, string> = { 1: 'sha1', 2: 'sha256', 4: 'sha384' }

export const digestSupported = (digestType: number) => DIGEST_HASH[digestType] !== undefined

/** The DS digest of a DNSKEY: hash(owner name in canonical wire form | DNSKEY rdata). */
export function dsDigest(owner: Labels, dnskeyRdata: Uint8Array, digestType: number): Buffer | undefined {
  const hash = DIGEST_HASH[digestType]
  if (!hash) return undefined
  return createHash(hash).update(nameWire(owner)).update(dnskeyRdata).digest()
}
