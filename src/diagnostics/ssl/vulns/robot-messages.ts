// The messages of the ROBOT check (Böck, Somorovsky, Young, 2017): the premaster secrets with
// correct and differently malformed PKCS#1 v1.5 paddings, RSA-encrypted to the server's key (raw
// RSA, since the padding itself is what is tested), and the records that carry them. Pure, except
// for the random padding bytes.
import { randomBytes, X509Certificate } from 'node:crypto'

export type PaddingKind = 'correct' | 'wrong-first-bytes' | 'zero-misplaced' | 'no-zero-separator' | 'wrong-version'
export const PADDING_KINDS: readonly PaddingKind[] = [
  'correct',
  'wrong-first-bytes',
  'zero-misplaced',
  'no-zero-separator',
  'wrong-version',
]

export interface RsaKey {
  modulus: bigint
  exponent: bigint
  /** Length of the modulus in bytes. */
  size: number
}

/** The RSA public key of a DER certificate, or null when its key is not RSA. */
export function rsaKeyOf(der: Buffer): RsaKey | null {
  const key = new X509Certificate(der).publicKey
  if (key.asymmetricKeyType !== 'rsa') return null
  const jwk = key.export({ format: 'jwk' })
  const modulus = Buffer.from(jwk.n ?? '', 'base64url')
  const exponent = Buffer.from(jwk.e ?? '', 'base64url')
  return { modulus: toBigInt(modulus), exponent: toBigInt(exponent), size: modulus.length }
}

const toBigInt = (bytes: Buffer) => (bytes.length ? BigInt(`0x${bytes.toString('hex')}`) : 0n)

function modPow(base: bigint, exponent: bigint, modulus: bigint): bigint {
  let result = 1n
  let b = base % modulus
  let e = exponent
  while (e > 0n) {
    if (e & 1n) result = (result * b) % modulus
    b = (b * b) % modulus
    e >>= 1n
  }
  return result
}

function nonZeroBytes(length: number): Buffer {
  const bytes = randomBytes(length)
  for (let i = 0; i < bytes.length; i++) if (bytes[i] === 0) bytes[i] = 0x42
  return bytes
}

/** The padded premaster secret (before encryption), as long as the modulus. */
export function paddedPremaster(kind: PaddingKind, size: number, version: number): Buffer {
  const secret = Buffer.alloc(46, 0x5a)
  const good = Buffer.from([version >> 8, version & 0xff])
  const padding = nonZeroBytes(size - 3 - 48)
  const parts: Record<PaddingKind, Buffer[]> = {
    correct: [Buffer.from([0x00, 0x02]), padding, Buffer.from([0x00]), good, secret],
    'wrong-first-bytes': [Buffer.from([0x41, 0x17]), padding, Buffer.from([0x00]), good, secret],
    'zero-misplaced': [Buffer.from([0x00, 0x02]), padding, Buffer.from([0x11]), secret, Buffer.from([0x00, 0x11])],
    'no-zero-separator': [Buffer.from([0x00, 0x02]), padding, Buffer.from([0x11]), Buffer.from([0x11, 0x11]), secret],
    'wrong-version': [Buffer.from([0x00, 0x02]), padding, Buffer.from([0x00]), Buffer.from([0x02, 0x02]), secret],
  }
  return Buffer.concat(parts[kind])
}

export function encryptRaw(message: Buffer, key: RsaKey): Buffer {
  const value = modPow(toBigInt(message), key.exponent, key.modulus)
  return Buffer.from(value.toString(16).padStart(key.size * 2, '0'), 'hex')
}

const record = (type: number, version: number, body: Buffer) =>
  Buffer.concat([Buffer.from([type, version >> 8, version & 0xff, body.length >> 8, body.length & 0xff]), body])

/**
 * ClientKeyExchange with the encrypted premaster, ChangeCipherSpec, and a Finished that can only be
 * garbage (no keys exist): the server's reaction to these records is what is compared.
 */
export function keyExchangeFlight(kind: PaddingKind, key: RsaKey, version: number): Buffer {
  const encrypted = encryptRaw(paddedPremaster(kind, key.size, version), key)
  const exchange = Buffer.concat([Buffer.from([encrypted.length >> 8, encrypted.length & 0xff]), encrypted])
  const header = Buffer.from([16, 0, exchange.length >> 8, exchange.length & 0xff])
  return Buffer.concat([
    record(0x16, version, Buffer.concat([header, exchange])),
    record(0x14, version, Buffer.from([0x01])),
    record(0x16, version, randomBytes(40)),
  ])
}

/** The first certificate (DER) of the server's first flight, and whether ServerHelloDone came. */
export function readCertificateFlight(data: Buffer): { certificate: Buffer | null; done: boolean; alert: boolean } {
  let at = 0
  let handshake = Buffer.alloc(0)
  while (at + 5 <= data.length) {
    const type = data[at]
    const length = data.readUInt16BE(at + 3)
    if (at + 5 + length > data.length) break
    if (type === 0x15) return { certificate: null, done: false, alert: true }
    if (type === 0x16) handshake = Buffer.concat([handshake, data.subarray(at + 5, at + 5 + length)])
    at += 5 + length
  }
  let certificate: Buffer | null = null
  let offset = 0
  while (offset + 4 <= handshake.length) {
    const messageType = handshake[offset]
    const messageLength = handshake.readUIntBE(offset + 1, 3)
    if (offset + 4 + messageLength > handshake.length) break
    const body = handshake.subarray(offset + 4, offset + 4 + messageLength)
    offset += 4 + messageLength
    if (messageType === 11 && body.length >= 6) certificate = body.subarray(6, 6 + body.readUIntBE(3, 3))
    if (messageType === 14) return { certificate, done: true, alert: false }
  }
  return { certificate, done: false, alert: false }
}

/**
 * The verdict from the server's reaction to each padding: the same reaction to all of them is no
 * oracle; a reaction that differs, twice the same way, is one.
 */
export function robotVerdict(rounds: Record<PaddingKind, string>[]): 'vulnerable' | 'not-vulnerable' | 'inconclusive' {
  const [first, second] = rounds
  if (!first) return 'inconclusive'
  const distinct = new Set(Object.values(first))
  if (distinct.size === 1) return 'not-vulnerable'
  if (!second) return 'inconclusive'
  const same = PADDING_KINDS.every((kind) => first[kind] === second[kind])
  return same ? 'vulnerable' : 'inconclusive'
}
