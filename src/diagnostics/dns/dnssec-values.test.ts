import { describe, expect, it } from 'vitest'
import { encodeBase32Hex, formatNsec3, formatNsec3Param, formatSignatureTime } from './dnssec-values.ts'

describe('encodeBase32Hex()', () => {
  it.each([
    ['', ''],
    ['f', 'co'],
    ['fo', 'cpng'],
    ['foo', 'cpnmu'],
    ['foob', 'cpnmuog'],
    ['fooba', 'cpnmuoj1'],
    ['foobar', 'cpnmuoj1e8'],
  ])('encodes %j as %s (RFC 4648 test vectors, lowercase, unpadded)', (text, encoded) => {
    expect(encodeBase32Hex(Buffer.from(text))).toBe(encoded)
  })
})

describe('formatSignatureTime()', () => {
  it('writes seconds since the epoch as YYYYMMDDHHmmSS in UTC', () => {
    expect(formatSignatureTime(Date.UTC(2026, 11, 5, 19, 37, 23) / 1000)).toBe('20261205193723')
  })
})

describe('formatNsec3()', () => {
  it('writes the salt in hex, the next hashed owner in base32hex and the type list', () => {
    const value = formatNsec3({
      algorithm: 1,
      flags: 0,
      iterations: 0,
      salt: Buffer.from('3d54708a7d3ae1f0', 'hex'),
      nextDomain: Buffer.from('foobar'),
      rrtypes: ['A', 'RRSIG'],
    })
    expect(value).toBe('1 0 0 3D54708A7D3AE1F0 cpnmuoj1e8 A RRSIG')
  })

  it('writes an empty salt as "-"', () => {
    const value = formatNsec3({
      algorithm: 1,
      flags: 1,
      iterations: 5,
      salt: Buffer.alloc(0),
      nextDomain: Buffer.from('f'),
      rrtypes: [],
    })
    expect(value).toBe('1 1 5 - co')
  })
})

describe('formatNsec3Param()', () => {
  it('reads algorithm, flags, iterations and salt from the raw data', () => {
    expect(formatNsec3Param(Buffer.from('0100000a02abcd', 'hex'))).toBe('1 0 10 ABCD')
    expect(formatNsec3Param(Buffer.from('0100000000', 'hex'))).toBe('1 0 0 -')
  })
})
