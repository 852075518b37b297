// Whois answers are bytes in whatever charset the server uses: UTF-8 when the bytes are valid
// UTF-8, else ISO-8859-1 (which every byte sequence is), unless a charset is known for the server.
const utf8 = new TextDecoder('utf-8', { fatal: true })

export function decodeWhoisText(bytes: Uint8Array, charset?: string): string {
  if (charset) return new TextDecoder(charset).decode(bytes)
  try {
    return utf8.decode(bytes)
  } catch {
    return new TextDecoder('latin1').decode(bytes)
  }
}
