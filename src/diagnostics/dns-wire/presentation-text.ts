// The pieces of zone-file presentation format (RFC 1035 §5.1, RFC 3597), written as kdig writes
// them: no byte of the wire data is ever replaced or dropped.

const isAlnum = (c: number) => (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122)
const isPunct = (c: number) => c > 32 && c < 127 && !isAlnum(c)
const decimal = (c: number) => `\\${String(c).padStart(3, '0')}`

/** One label of a name: letters, digits, '-', '_', '*', '/' as they are; other punctuation after a
 * backslash ('#' as \035, so it never reads as the generic-data mark); anything else as \DDD. */
export function escapeLabel(label: Uint8Array): string {
  let out = ''
  for (const c of label) {
    if (isAlnum(c) || c === 45 || c === 95 || c === 42 || c === 47) out += String.fromCharCode(c)
    else if (isPunct(c) && c !== 35) out += `\\${String.fromCharCode(c)}`
    else out += decimal(c)
  }
  return out
}

/** The inside of a character-string: printable ASCII as is ('"' and '\' escaped), other bytes as \DDD. */
export function escapeText(bytes: Uint8Array): string {
  let out = ''
  for (const c of bytes) {
    if (c === 34 || c === 92) out += `\\${String.fromCharCode(c)}`
    else if (c >= 32 && c < 127) out += String.fromCharCode(c)
    else out += decimal(c)
  }
  return out
}

export const quoteText = (bytes: Uint8Array) => `"${escapeText(bytes)}"`

export const toHex = (bytes: Uint8Array) => Buffer.from(bytes).toString('hex').toUpperCase()

export const toBase64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64')

/** RFC 3597 generic form: "\# 3 ABCDEF" ("\# 0" when empty). */
export const genericRdata = (bytes: Uint8Array) =>
  bytes.length === 0 ? '\\# 0' : `\\# ${bytes.length} ${toHex(bytes)}`

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

export const ipv4Text = (b: Uint8Array) => `${b[0]}.${b[1]}.${b[2]}.${b[3]}`

/** Sixteen bytes as inet_ntop writes them: the longest run of two or more zero groups as "::",
 * and the IPv4-compatible and IPv4-mapped forms with a dotted tail. */
export function ipv6Text(b: Uint8Array): string {
  const words = Array.from({ length: 8 }, (_, i) => ((b[i * 2] ?? 0) << 8) | (b[i * 2 + 1] ?? 0))
  let best = { base: -1, len: 0 }
  let run = { base: -1, len: 0 }
  words.forEach((word, i) => {
    if (word === 0) {
      run = run.base === -1 ? { base: i, len: 1 } : { base: run.base, len: run.len + 1 }
      if (run.len > best.len) best = run
    } else run = { base: -1, len: 0 }
  })
  if (best.len < 2) best = { base: -1, len: 0 }
  const dotted = best.base === 0 && (best.len === 6 || (best.len === 5 && words[5] === 0xffff))
  const groups = dotted ? 6 : 8
  let out = ''
  for (let i = 0; i < groups; i++) {
    if (i === best.base) {
      out += i === 0 ? '::' : ':'
      i += best.len - 1
      continue
    }
    out += `${(words[i] ?? 0).toString(16)}${i < groups - 1 || dotted ? ':' : ''}`
  }
  if (best.base !== -1 && best.base + best.len === 8 && !out.endsWith(':')) out += ':'
  return dotted ? `${out}${ipv4Text(b.subarray(12))}` : out
}
