// TOTP codes computed the way an authenticator app does (RFC 6238 over RFC 4226 HOTP: HMAC-SHA-1,
// 30-second steps, 6 digits, dynamic truncation), from the otpauth:// URI the site shows. Written
// from the RFCs with node:crypto, not with the library the server uses, so a test agrees with the
// server only when both follow the standard.
import { createHmac } from 'node:crypto'

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567'

/** RFC 4648 base32, padding optional. */
export function decodeBase32(text: string): Buffer {
  let bits = 0
  let value = 0
  const bytes: number[] = []
  for (const char of text.replace(/=+$/, '').toUpperCase()) {
    const index = BASE32.indexOf(char)
    if (index === -1) throw new Error(`not base32: ${char}`)
    value = (value << 5) | index
    bits += 5
    if (bits >= 8) {
      bytes.push((value >>> (bits - 8)) & 0xff)
      bits -= 8
    }
  }
  return Buffer.from(bytes)
}

/** The secret and parameters of an otpauth://totp/… URI. */
export function parseOtpauthUri(uri: string): {
  secret: Buffer
  digits: number
  period: number
  issuer: string | null
} {
  const url = new URL(uri)
  if (url.protocol !== 'otpauth:' || url.host !== 'totp') throw new Error(`not a TOTP URI: ${uri}`)
  const secret = url.searchParams.get('secret')
  if (!secret) throw new Error('the URI has no secret')
  return {
    secret: decodeBase32(secret),
    digits: Number(url.searchParams.get('digits') ?? 6),
    period: Number(url.searchParams.get('period') ?? 30),
    issuer: url.searchParams.get('issuer'),
  }
}

/** The HOTP value of one counter (RFC 4226, section 5.3). */
export function hotp(secret: Buffer, counter: number, digits = 6): string {
  const message = Buffer.alloc(8)
  message.writeBigUInt64BE(BigInt(counter))
  const mac = createHmac('sha1', secret).update(message).digest()
  const offset = (mac.at(-1) ?? 0) & 0x0f
  const binary = mac.readUInt32BE(offset) & 0x7fffffff
  return String(binary % 10 ** digits).padStart(digits, '0')
}

/** The code an authenticator app shows at `at` (ms since the epoch) for a otpauth:// URI. */
export function totpFromUri(uri: string, at = Date.now()): string {
  const { secret, digits, period } = parseOtpauthUri(uri)
  return hotp(secret, Math.floor(at / 1000 / period), digits)
}
