// Hand-built ClientHellos: any list of suite code points, at any version from SSL 3.0 to TLS 1.3,
// with the extensions a scan needs (SNI, groups, signature algorithms, key share, OCSP, SCT, ALPN,
// session ticket). Only the server's first flight is read, so nothing here does any cryptography
// beyond making a throwaway X25519 key share.
import { generateKeyPairSync, randomBytes } from 'node:crypto'
import { isIP } from 'node:net'

export type HelloVersion = 'SSLv3' | 'TLSv1' | 'TLSv1.1' | 'TLSv1.2' | 'TLSv1.3'

export const WIRE_VERSIONS: Record<HelloVersion, number> = {
  SSLv3: 0x0300,
  TLSv1: 0x0301,
  'TLSv1.1': 0x0302,
  'TLSv1.2': 0x0303,
  'TLSv1.3': 0x0304,
}

/** Named groups (IANA "TLS Supported Groups"): code point, name, size in bits. */
export const GROUPS: readonly { code: number; name: string; bits: number }[] = [
  { code: 0x0001, name: 'sect163k1', bits: 163 },
  { code: 0x0002, name: 'sect163r1', bits: 163 },
  { code: 0x0003, name: 'sect163r2', bits: 163 },
  { code: 0x0004, name: 'sect193r1', bits: 193 },
  { code: 0x0005, name: 'sect193r2', bits: 193 },
  { code: 0x0006, name: 'sect233k1', bits: 233 },
  { code: 0x0007, name: 'sect233r1', bits: 233 },
  { code: 0x0008, name: 'sect239k1', bits: 239 },
  { code: 0x0009, name: 'sect283k1', bits: 283 },
  { code: 0x000a, name: 'sect283r1', bits: 283 },
  { code: 0x000b, name: 'sect409k1', bits: 409 },
  { code: 0x000c, name: 'sect409r1', bits: 409 },
  { code: 0x000d, name: 'sect571k1', bits: 571 },
  { code: 0x000e, name: 'sect571r1', bits: 571 },
  { code: 0x000f, name: 'secp160k1', bits: 160 },
  { code: 0x0010, name: 'secp160r1', bits: 160 },
  { code: 0x0011, name: 'secp160r2', bits: 160 },
  { code: 0x0012, name: 'secp192k1', bits: 192 },
  { code: 0x0013, name: 'secp192r1', bits: 192 },
  { code: 0x0014, name: 'secp224k1', bits: 224 },
  { code: 0x0015, name: 'secp224r1', bits: 224 },
  { code: 0x0016, name: 'secp256k1', bits: 256 },
  { code: 0x0017, name: 'secp256r1', bits: 256 },
  { code: 0x0018, name: 'secp384r1', bits: 384 },
  { code: 0x0019, name: 'secp521r1', bits: 521 },
  { code: 0x001a, name: 'brainpoolP256r1', bits: 256 },
  { code: 0x001b, name: 'brainpoolP384r1', bits: 384 },
  { code: 0x001c, name: 'brainpoolP512r1', bits: 512 },
  { code: 0x001d, name: 'x25519', bits: 256 },
  { code: 0x001e, name: 'x448', bits: 448 },
  { code: 0x001f, name: 'brainpoolP256r1tls13', bits: 256 },
  { code: 0x0020, name: 'brainpoolP384r1tls13', bits: 384 },
  { code: 0x0021, name: 'brainpoolP512r1tls13', bits: 512 },
  { code: 0x0100, name: 'ffdhe2048', bits: 2048 },
  { code: 0x0101, name: 'ffdhe3072', bits: 3072 },
  { code: 0x0102, name: 'ffdhe4096', bits: 4096 },
  { code: 0x0103, name: 'ffdhe6144', bits: 6144 },
  { code: 0x0104, name: 'ffdhe8192', bits: 8192 },
  { code: 0x11eb, name: 'SecP256r1MLKEM768', bits: 256 },
  { code: 0x11ec, name: 'X25519MLKEM768', bits: 256 },
  { code: 0x11ed, name: 'SecP384r1MLKEM1024', bits: 384 },
]

const X25519 = 0x001d
/** Signature schemes a modern or legacy server may need to sign with. */
const SIGNATURE_SCHEMES = [
  0x0403, 0x0503, 0x0603, 0x0807, 0x0808, 0x0804, 0x0805, 0x0806, 0x0809, 0x080a, 0x080b, 0x0401, 0x0501, 0x0601,
  0x0303, 0x0301, 0x0302, 0x0203, 0x0201, 0x0202, 0x0402, 0x0502, 0x0602,
]

export interface HelloOptions {
  version: HelloVersion
  suites: readonly number[]
  servername?: string
  /** Groups for supported_groups (default: every group). */
  groups?: readonly number[]
  /** TLS 1.3: send an X25519 key share (default) or none, so that the server must ask for one. */
  keyShare?: boolean
  alpn?: readonly string[]
  /** Compression methods offered (default: null only); 1 is DEFLATE. */
  compression?: readonly number[]
  /** Offer the heartbeat extension (RFC 6520), peer allowed to send. */
  heartbeat?: boolean
  /** TLS 1.3 hello: every version offered in supported_versions, newest first (default: TLS 1.3 alone). */
  versions?: readonly HelloVersion[]
  /** signature_algorithms (default: every scheme a modern or legacy server may need). */
  signatureSchemes?: readonly number[]
}

const u16 = (n: number) => Buffer.from([(n >> 8) & 0xff, n & 0xff])
const u24 = (n: number) => Buffer.from([(n >> 16) & 0xff, (n >> 8) & 0xff, n & 0xff])
const vector16 = (body: Buffer) => Buffer.concat([u16(body.length), body])
const vector8 = (body: Buffer) => Buffer.concat([Buffer.from([body.length]), body])
const list16 = (values: readonly number[]) => Buffer.concat(values.map(u16))
const extension = (type: number, body: Buffer) => Buffer.concat([u16(type), vector16(body)])

function x25519Share(): Buffer {
  const { publicKey } = generateKeyPairSync('x25519')
  const raw = Buffer.from(publicKey.export({ format: 'jwk' }).x ?? '', 'base64url')
  return Buffer.concat([u16(X25519), vector16(raw)])
}

function extensions(options: HelloOptions): Buffer {
  const parts: Buffer[] = []
  const name = options.servername && !isIP(options.servername) ? options.servername : undefined
  if (name) {
    const entry = Buffer.concat([Buffer.from([0]), vector16(Buffer.from(name, 'ascii'))])
    parts.push(extension(0x0000, vector16(entry)))
  }
  const groups = options.groups ?? GROUPS.map((g) => g.code)
  parts.push(extension(0x000a, vector16(list16(groups))))
  parts.push(extension(0x000b, vector8(Buffer.from([0]))))
  parts.push(extension(0x000d, vector16(list16(options.signatureSchemes ?? SIGNATURE_SCHEMES))))
  parts.push(extension(0x0005, Buffer.from([1, 0, 0, 0, 0]))) // status_request: OCSP, no responder ids
  parts.push(extension(0x0012, Buffer.alloc(0))) // signed_certificate_timestamp
  parts.push(extension(0x0017, Buffer.alloc(0))) // extended_master_secret
  parts.push(extension(0x0023, Buffer.alloc(0))) // session_ticket
  parts.push(extension(0xff01, Buffer.from([0]))) // renegotiation_info
  if (options.heartbeat) parts.push(extension(0x000f, Buffer.from([1])))
  if (options.alpn?.length) {
    const names = Buffer.concat(options.alpn.map((p) => vector8(Buffer.from(p, 'ascii'))))
    parts.push(extension(0x0010, vector16(names)))
  }
  if (options.version === 'TLSv1.3') {
    const offered = (options.versions ?? ['TLSv1.3']).map((v) => WIRE_VERSIONS[v])
    parts.push(extension(0x002b, vector8(list16(offered))))
    parts.push(extension(0x002d, vector8(Buffer.from([1])))) // psk_key_exchange_modes: psk_dhe_ke
    const share = options.keyShare === false || !groups.includes(X25519) ? Buffer.alloc(0) : x25519Share()
    parts.push(extension(0x0033, vector16(share)))
  }
  return Buffer.concat(parts)
}

export function buildClientHello(options: HelloOptions): Buffer {
  const legacy = options.version === 'TLSv1.3' ? WIRE_VERSIONS['TLSv1.2'] : WIRE_VERSIONS[options.version]
  // A TLS 1.3 hello carries a 32-byte legacy session id, as browsers send for middlebox compatibility.
  const sessionId = options.version === 'TLSv1.3' ? randomBytes(32) : Buffer.alloc(0)
  const ext = options.version === 'SSLv3' ? Buffer.alloc(0) : vector16(extensions(options))
  const body = Buffer.concat([
    u16(legacy),
    randomBytes(32),
    vector8(sessionId),
    vector16(list16([...options.suites, 0x00ff].filter((c, i, all) => all.indexOf(c) === i))),
    vector8(Buffer.from(options.compression ?? [0])), // compression: null only unless asked
    ext,
  ])
  const handshake = Buffer.concat([Buffer.from([0x01]), u24(body.length), body])
  const recordVersion = options.version === 'SSLv3' ? 0x0300 : 0x0301
  return Buffer.concat([Buffer.from([0x16]), u16(recordVersion), vector16(handshake)])
}
