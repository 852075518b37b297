// Internationalised domain names: Unicode input turned into the ASCII (punycode) form DNS carries, and back for display.
// Uses the WHATWG URL host parser (UTS #46), available in both the browser and Node.

const NON_ASCII = /[^\p{ASCII}]/u
/** Characters that would make the URL parser read a host out of something that is not one. */
const NOT_A_HOST = /[\s/?#@:\\[\]%<>^|]/

export function hasNonAscii(value: string): boolean {
  return NON_ASCII.test(value)
}

/** "bücher.example" → "xn--bcher-kva.example"; ASCII input and anything unconvertible come back as given. */
export function toAsciiDomain(value: string): string {
  if (!hasNonAscii(value) || NOT_A_HOST.test(value)) return value
  try {
    return new URL(`http://${value}/`).hostname
  } catch {
    return value
  }
}

// Punycode decoding (RFC 3492 §6.2), for showing an ASCII name in the script it was written in.
const BASE = 36
const T_MIN = 1
const T_MAX = 26

function adaptBias(delta: number, points: number, first: boolean): number {
  let scaled = first ? Math.floor(delta / 700) : delta >> 1
  scaled += Math.floor(scaled / points)
  let k = 0
  while (scaled > ((BASE - T_MIN) * T_MAX) >> 1) {
    scaled = Math.floor(scaled / (BASE - T_MIN))
    k += BASE
  }
  return k + Math.floor(((BASE - T_MIN + 1) * scaled) / (scaled + 38))
}

function digitOf(char: string): number | undefined {
  const code = char.charCodeAt(0)
  if (code >= 48 && code <= 57) return code - 22
  if (code >= 97 && code <= 122) return code - 97
  if (code >= 65 && code <= 90) return code - 65
  return undefined
}

/** The Unicode text of one label's punycode part ("bcher-kva" → "bücher"); undefined when it is not valid punycode. */
export function decodePunycode(text: string): string | undefined {
  const delimiter = text.lastIndexOf('-')
  const output = [...text.slice(0, Math.max(delimiter, 0))].map((char) => char.charCodeAt(0))
  if (output.some((code) => code >= 0x80)) return undefined
  let [n, i, bias] = [128, 0, 72]
  for (let pos = delimiter + 1; pos < text.length; ) {
    const before = i
    for (let weight = 1, k = BASE; ; k += BASE) {
      const digit = pos < text.length ? digitOf(text.charAt(pos++)) : undefined
      if (digit === undefined) return undefined
      i += digit * weight
      const threshold = k <= bias ? T_MIN : k >= bias + T_MAX ? T_MAX : k - bias
      if (digit < threshold) break
      weight *= BASE - threshold
      if (!Number.isSafeInteger(i * BASE)) return undefined
    }
    bias = adaptBias(i - before, output.length + 1, before === 0)
    n += Math.floor(i / (output.length + 1))
    i %= output.length + 1
    if (n > 0x10ffff || (n >= 0xd800 && n <= 0xdfff)) return undefined
    output.splice(i, 0, n)
    i++
  }
  return String.fromCodePoint(...output)
}

/** "xn--bcher-kva.example" → "bücher.example"; labels that are not punycode stay as they are. */
export function toUnicodeDomain(name: string): string {
  return name
    .split('.')
    .map((label) => (/^xn--/i.test(label) ? (decodePunycode(label.slice(4).toLowerCase()) ?? label) : label))
    .join('.')
}
