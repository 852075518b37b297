// Rows of the @ip-location-db/asn "-num" CSV files: start,end,asn,name — inclusive ranges with
// decimal addresses (IPv6 ones up to 39 digits), the name quoted when it holds a comma (quotes
// doubled inside). Read straight from the bytes: no per-row strings except each new AS name.

export interface AsnCsvRow {
  /** Start and end as four big-endian 32-bit words (IPv4 uses only the last). */
  start: Uint32Array
  end: Uint32Array
  asn: number
  /** Decodes the name field (only call it when the name is needed). */
  name(): string
}

const COMMA = 44
const NEWLINE = 10
const QUOTE = 34
const TWO_32 = 4294967296
const decoder = new TextDecoder()

const limbs = new Float64Array(8)

/** Decimal digits in bytes[from, to) into four 32-bit words; false when a byte is not a digit. */
function readDecimal(bytes: Uint8Array, from: number, to: number, words: Uint32Array): boolean {
  if (from >= to) return false
  if (to - from <= 15) {
    // Exact in a double: the common case (every IPv4 address).
    const value = readSmallInt(bytes, from, to)
    if (value < 0) return false
    words[0] = 0
    words[1] = 0
    words[2] = Math.floor(value / TWO_32)
    words[3] = value % TWO_32
    return true
  }
  // Longer numbers: 16-bit limbs, nine digits at a time (limb * 10^9 stays exact).
  limbs.fill(0)
  for (let i = from; i < to; ) {
    const chunkEnd = Math.min(i + 9, to)
    let chunk = 0
    let scale = 1
    for (; i < chunkEnd; i++) {
      const digit = (bytes[i] ?? 0) - 48
      if (digit < 0 || digit > 9) return false
      chunk = chunk * 10 + digit
      scale *= 10
    }
    let carry = chunk
    for (let l = 7; l >= 0; l--) {
      const value = (limbs[l] ?? 0) * scale + carry
      limbs[l] = value % 65536
      carry = Math.floor(value / 65536)
    }
  }
  for (let w = 0; w < 4; w++) words[w] = (limbs[w * 2] ?? 0) * 65536 + (limbs[w * 2 + 1] ?? 0)
  return true
}

function readSmallInt(bytes: Uint8Array, from: number, to: number): number {
  let value = 0
  for (let i = from; i < to; i++) {
    const digit = (bytes[i] ?? 0) - 48
    if (digit < 0 || digit > 9) return -1
    value = value * 10 + digit
  }
  return from < to ? value : -1
}

function decodeName(bytes: Uint8Array, from: number, to: number): string {
  if (bytes[from] === QUOTE && to - from >= 2 && bytes[to - 1] === QUOTE) {
    return decoder.decode(bytes.subarray(from + 1, to - 1)).replaceAll('""', '"')
  }
  return decoder.decode(bytes.subarray(from, to))
}

/** Calls `onRow` for every well-formed line; the row object is reused between calls. */
export function readAsnCsv(bytes: Uint8Array, onRow: (row: AsnCsvRow) => void): void {
  let nameFrom = 0
  let nameTo = 0
  const row: AsnCsvRow = {
    start: new Uint32Array(4),
    end: new Uint32Array(4),
    asn: 0,
    name: () => decodeName(bytes, nameFrom, nameTo),
  }
  let at = 0
  while (at < bytes.length) {
    let lineEnd = bytes.indexOf(NEWLINE, at)
    if (lineEnd === -1) lineEnd = bytes.length
    const end = lineEnd > at && bytes[lineEnd - 1] === 13 ? lineEnd - 1 : lineEnd
    const c1 = bytes.indexOf(COMMA, at)
    const c2 = c1 === -1 ? -1 : bytes.indexOf(COMMA, c1 + 1)
    const c3 = c2 === -1 ? -1 : bytes.indexOf(COMMA, c2 + 1)
    if (c3 !== -1 && c3 < end) {
      row.asn = readSmallInt(bytes, c2 + 1, c3)
      nameFrom = c3 + 1
      nameTo = end
      if (row.asn >= 0 && readDecimal(bytes, at, c1, row.start) && readDecimal(bytes, c1 + 1, c2, row.end)) onRow(row)
    }
    at = lineEnd + 1
  }
}
