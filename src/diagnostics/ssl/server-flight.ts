// Reads the server's first flight in answer to a hand-built ClientHello: the ServerHello (version,
// suite, extensions, HelloRetryRequest), and before TLS 1.3 the ServerKeyExchange (curve or DH
// size), or the alert that refused the hello. Pure: it takes the bytes received so far.
import { suiteFor } from '../tls-grade/suite-table.ts'

/** SHA-256 of "HelloRetryRequest": the random of a TLS 1.3 HelloRetryRequest (RFC 8446, 4.1.3). */
const HRR_RANDOM = 'cf21ad74e59a6111be1d8c021e65b891c2a211167abb8c5e079e09e2c8a8339c'

export interface ServerHello {
  /** The negotiated version (from supported_versions when present). */
  version: number
  suite: number
  helloRetry: boolean
  sessionIdLength: number
  /** The compression method the server chose (0: none, 1: DEFLATE). */
  compression: number
  /** Extension bodies by type. */
  extensions: Map<number, Buffer>
  /** TLS 1.3: the group of the key share, or the group a HelloRetryRequest asks for. */
  group: number | null
}

export type ServerFlight =
  | { kind: 'hello'; hello: ServerHello; curve: number | null; dhBits: number | null; dhPrime?: Buffer }
  | { kind: 'alert'; description: number }
  | { kind: 'closed' }
  | { kind: 'other' }

/** Alert descriptions a refusal carries (RFC 8446, 6). */
export const ALERT_NAMES: Record<number, string> = {
  10: 'unexpected_message',
  40: 'handshake_failure',
  47: 'illegal_parameter',
  50: 'decode_error',
  70: 'protocol_version',
  71: 'insufficient_security',
  80: 'internal_error',
  86: 'inappropriate_fallback',
  109: 'missing_extension',
  112: 'unrecognized_name',
  120: 'no_application_protocol',
}

function parseExtensions(body: Buffer, offset: number): Map<number, Buffer> {
  const extensions = new Map<number, Buffer>()
  if (offset + 2 > body.length) return extensions
  const end = Math.min(body.length, offset + 2 + body.readUInt16BE(offset))
  let at = offset + 2
  while (at + 4 <= end) {
    const type = body.readUInt16BE(at)
    const length = body.readUInt16BE(at + 2)
    extensions.set(type, body.subarray(at + 4, at + 4 + length))
    at += 4 + length
  }
  return extensions
}

export function parseServerHello(body: Buffer): ServerHello | null {
  if (body.length < 38) return null
  const sessionIdLength = body[34] ?? 0
  const at = 35 + sessionIdLength
  if (at + 3 > body.length) return null
  const extensions = parseExtensions(body, at + 3)
  const supported = extensions.get(0x002b)
  const share = extensions.get(0x0033)
  return {
    version: supported && supported.length >= 2 ? supported.readUInt16BE(0) : body.readUInt16BE(0),
    suite: body.readUInt16BE(at),
    helloRetry: body.subarray(2, 34).toString('hex') === HRR_RANDOM,
    sessionIdLength,
    compression: body[at + 2] ?? 0,
    extensions,
    group: share && share.length >= 2 ? share.readUInt16BE(0) : null,
  }
}

/** Size in bits of a big-endian unsigned number. */
function bitLength(bytes: Buffer): number {
  let start = 0
  while (start < bytes.length && bytes[start] === 0) start++
  if (start === bytes.length) return 0
  return (bytes.length - start - 1) * 8 + (bytes[start] ?? 0).toString(2).length
}

function readKeyExchange(
  body: Buffer,
  suite: number,
): { curve: number | null; dhBits: number | null; dhPrime?: Buffer } {
  const exchange = suiteFor(suite).keyExchange
  if ((exchange === 'ECDHE' || exchange === 'ECDH') && body[0] === 3 && body.length >= 3) {
    return { curve: body.readUInt16BE(1), dhBits: null }
  }
  if ((exchange === 'DHE' || exchange === 'DH') && body.length >= 2) {
    const length = body.readUInt16BE(0)
    const prime = body.subarray(2, 2 + length)
    return { curve: null, dhBits: bitLength(prime), dhPrime: Buffer.from(prime) }
  }
  return { curve: null, dhBits: null }
}

/**
 * The flight so far, or null while more bytes are needed. With keyExchange, a TLS 1.2-or-older
 * hello is complete only at the ServerKeyExchange or ServerHelloDone.
 */
export function readFlight(data: Buffer, keyExchange: boolean): ServerFlight | null {
  let at = 0
  let handshake = Buffer.alloc(0)
  let hello: ServerHello | null = null
  while (at + 5 <= data.length) {
    const type = data[at]
    const length = data.readUInt16BE(at + 3)
    if (type !== 0x14 && type !== 0x15 && type !== 0x16 && type !== 0x17) return { kind: 'other' }
    if (at + 5 + length > data.length) break
    const fragment = data.subarray(at + 5, at + 5 + length)
    at += 5 + length
    if (type === 0x15) return hello ? { kind: 'hello', hello, curve: null, dhBits: null } : alertOf(fragment)
    if (type !== 0x16) return hello ? { kind: 'hello', hello, curve: null, dhBits: null } : { kind: 'other' }
    handshake = Buffer.concat([handshake, fragment])
    let offset = 0
    while (offset + 4 <= handshake.length) {
      const messageType = handshake[offset]
      const messageLength = handshake.readUIntBE(offset + 1, 3)
      if (offset + 4 + messageLength > handshake.length) break
      const body = handshake.subarray(offset + 4, offset + 4 + messageLength)
      offset += 4 + messageLength
      if (messageType === 2) {
        hello = parseServerHello(body)
        if (!hello) return { kind: 'other' }
        if (!keyExchange || hello.helloRetry || hello.version >= 0x0304) {
          return { kind: 'hello', hello, curve: null, dhBits: null }
        }
      } else if (hello && messageType === 12) {
        return { kind: 'hello', hello, ...readKeyExchange(body, hello.suite) }
      } else if (hello && messageType === 14) {
        return { kind: 'hello', hello, curve: null, dhBits: null }
      }
    }
  }
  return null
}

function alertOf(fragment: Buffer): ServerFlight {
  return { kind: 'alert', description: fragment[1] ?? 0 }
}
