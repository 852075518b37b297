// Internationalised domain names: Unicode input turned into the ASCII (punycode) form DNS carries.
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
