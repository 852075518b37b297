// IP addresses as numbers: IPv4 as an unsigned 32-bit number, IPv6 as four big-endian 32-bit
// words (compact storage) or a bigint (arithmetic on one result).
import ipaddr from 'ipaddr.js'

/** Canonical dotted IPv4 ("192.0.2.1", as IpLiteral gives it) to its number. */
export function ipv4ToNumber(address: string): number {
  let value = 0
  let part = 0
  for (let i = 0; i < address.length; i++) {
    const code = address.charCodeAt(i)
    if (code === 46) {
      value = value * 256 + part
      part = 0
    } else part = part * 10 + (code - 48)
  }
  return value * 256 + part
}

export function numberToIpv4(value: number): string {
  return [24, 16, 8, 0].map((shift) => Math.floor(value / 2 ** shift) % 256).join('.')
}

export function ipv6ToWords(address: string): Uint32Array {
  const bytes = ipaddr.IPv6.parse(address).toByteArray()
  const words = new Uint32Array(4)
  for (let w = 0; w < 4; w++) {
    words[w] =
      (((bytes[w * 4] ?? 0) << 24) |
        ((bytes[w * 4 + 1] ?? 0) << 16) |
        ((bytes[w * 4 + 2] ?? 0) << 8) |
        (bytes[w * 4 + 3] ?? 0)) >>>
      0
  }
  return words
}

export function wordsToBigInt(words: ArrayLike<number>, offset = 0): bigint {
  let value = 0n
  for (let w = 0; w < 4; w++) value = (value << 32n) | BigInt(words[offset + w] ?? 0)
  return value
}

export function bigIntToIpv6(value: bigint): string {
  const bytes: number[] = []
  for (let shift = 120n; shift >= 0n; shift -= 8n) bytes.push(Number((value >> shift) & 0xffn))
  return ipaddr.fromByteArray(bytes).toString()
}

/** The largest CIDR block that holds `value` and lies within [start, end] (IPv4 numbers). */
export function ipv4BlockWithin(value: number, start: number, end: number): { base: number; length: number } {
  for (let length = 0; length <= 32; length++) {
    const size = 2 ** (32 - length)
    const base = value - (value % size)
    if (base >= start && base + size - 1 <= end) return { base, length }
  }
  return { base: value, length: 32 }
}

/** The largest CIDR block that holds `value` and lies within [start, end] (all of one family). */
export function blockWithin(value: bigint, start: bigint, end: bigint, bits: number): { base: bigint; length: number } {
  for (let length = 0; length <= bits; length++) {
    const size = 1n << BigInt(bits - length)
    const base = value - (value % size)
    if (base >= start && base + size - 1n <= end) return { base, length }
  }
  return { base: value, length: bits }
}

/** The fewest CIDR blocks that cover [start, end] exactly, in order (all of one family). */
export function cidrsOfRange(start: bigint, end: bigint, bits: number): { base: bigint; length: number }[] {
  const blocks: { base: bigint; length: number }[] = []
  let base = start
  while (base <= end) {
    let length = bits
    // Widen while the block stays aligned on `base` and inside the range.
    while (length > 0) {
      const size = 1n << BigInt(bits - length + 1)
      if (base % size !== 0n || base + size - 1n > end) break
      length--
    }
    blocks.push({ base, length })
    base += 1n << BigInt(bits - length)
  }
  return blocks
}
