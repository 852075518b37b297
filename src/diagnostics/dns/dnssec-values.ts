// Presentation format of DNSSEC record data (RFC 4034, RFC 5155), as dig prints it.

const BASE32HEX = '0123456789abcdefghijklmnopqrstuv'

/** RFC 4648 base32 with the extended hex alphabet, lowercase, unpadded (NSEC3 hashed names). */
export function encodeBase32Hex(data: Uint8Array): string {
  let out = ''
  let value = 0
  let bits = 0
  for (const byte of data) {
    value = ((value << 8) | byte) & 0xffff
    bits += 8
    while (bits >= 5) {
      out += BASE32HEX[(value >>> (bits - 5)) & 31]
      bits -= 5
    }
  }
  if (bits > 0) out += BASE32HEX[(value << (5 - bits)) & 31]
  return out
}

/** Seconds since the epoch as YYYYMMDDHHmmSS (UTC), the RRSIG timestamp form. */
export function formatSignatureTime(seconds: number): string {
  return new Date(seconds * 1000).toISOString().replace(/\D/g, '').slice(0, 14)
}

const saltText = (salt: unknown) =>
  Buffer.isBuffer(salt) && salt.length > 0 ? salt.toString('hex').toUpperCase() : '-'
const typeList = (types: unknown) => (Array.isArray(types) ? types.map(String).join(' ') : '')

interface Nsec3Data {
  algorithm: number
  flags: number
  iterations: number
  salt: Buffer
  nextDomain: Buffer
  rrtypes: string[]
}

export function formatNsec3(d: Nsec3Data): string {
  return `${d.algorithm} ${d.flags} ${d.iterations} ${saltText(d.salt)} ${encodeBase32Hex(d.nextDomain)} ${typeList(d.rrtypes)}`.trim()
}

/** NSEC3PARAM arrives undecoded: algorithm, flags, iterations (16 bits), salt length, salt. */
export function formatNsec3Param(data: Buffer): string {
  if (data.length < 5) return `\\# ${data.length} ${data.toString('hex')}`
  const saltLength = data.readUInt8(4)
  return `${data.readUInt8(0)} ${data.readUInt8(1)} ${data.readUInt16BE(2)} ${saltText(data.subarray(5, 5 + saltLength))}`
}

export function formatNsecTypes(types: unknown): string {
  return typeList(types)
}
