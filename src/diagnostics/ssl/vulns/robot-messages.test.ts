import { constants, generateKeyPairSync, privateDecrypt } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import {
  encryptRaw,
  keyExchangeFlight,
  PADDING_KINDS,
  type PaddingKind,
  paddedPremaster,
  robotVerdict,
} from './robot-messages.ts'

const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 })
const jwk = publicKey.export({ format: 'jwk' })
const key = {
  modulus: BigInt(`0x${Buffer.from(jwk.n ?? '', 'base64url').toString('hex')}`),
  exponent: BigInt(`0x${Buffer.from(jwk.e ?? '', 'base64url').toString('hex')}`),
  size: 256,
}
const TLS12 = 0x0303

describe('ROBOT premaster secrets', () => {
  it('pads each kind to the modulus length, correct and malformed as named', () => {
    const padded = Object.fromEntries(PADDING_KINDS.map((k) => [k, paddedPremaster(k, 256, TLS12)]))
    for (const message of Object.values(padded)) expect(message.length).toBe(256)
    expect(padded.correct?.subarray(0, 2)).toEqual(Buffer.from([0, 2]))
    expect(padded.correct?.subarray(-49, -46)).toEqual(Buffer.from([0, 3, 3]))
    expect(padded['wrong-first-bytes']?.subarray(0, 2)).toEqual(Buffer.from([0x41, 0x17]))
    expect(padded['wrong-version']?.subarray(-49, -46)).toEqual(Buffer.from([0, 2, 2]))
    expect(padded['no-zero-separator']?.subarray(2).includes(0)).toBe(false)
    expect(padded['zero-misplaced']?.subarray(-2)).toEqual(Buffer.from([0, 0x11]))
  })

  it('encrypts with raw RSA so that the key holder reads the padding back unchanged', () => {
    const message = paddedPremaster('wrong-first-bytes', 256, TLS12)
    const decrypted = privateDecrypt({ key: privateKey, padding: constants.RSA_NO_PADDING }, encryptRaw(message, key))
    expect(decrypted).toEqual(message)
  })

  it('sends ClientKeyExchange, ChangeCipherSpec and a Finished record', () => {
    const flight = keyExchangeFlight('correct', key, TLS12)
    expect([flight[0], flight[5], flight.readUInt16BE(9)]).toEqual([0x16, 16, 256])
    const ccs = 5 + flight.readUInt16BE(3)
    expect(flight.subarray(ccs, ccs + 6)).toEqual(Buffer.from([0x14, 3, 3, 0, 1, 1]))
    expect(flight[ccs + 6]).toBe(0x16)
  })
})

describe('ROBOT verdict', () => {
  const round = (reactions: Partial<Record<PaddingKind, string>>) =>
    Object.fromEntries(PADDING_KINDS.map((k) => [k, reactions[k] ?? 'alert bad_record_mac, then closed'])) as Record<
      PaddingKind,
      string
    >

  it('is not vulnerable when every padding gets the same reaction', () => {
    expect(robotVerdict([round({})])).toBe('not-vulnerable')
  })

  it('is vulnerable when the reactions differ twice the same way', () => {
    const oracle = round({ correct: 'alert handshake_failure, then closed' })
    expect(robotVerdict([oracle, oracle])).toBe('vulnerable')
  })

  it('is inconclusive when the difference does not repeat, or was seen only once', () => {
    const oracle = round({ 'wrong-version': 'silence' })
    expect(robotVerdict([oracle, round({})])).toBe('inconclusive')
    expect(robotVerdict([oracle])).toBe('inconclusive')
    expect(robotVerdict([])).toBe('inconclusive')
  })
})
