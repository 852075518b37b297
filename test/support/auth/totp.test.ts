import { describe, expect, it } from 'vitest'
import { decodeBase32, hotp } from './totp.ts'

describe('the test TOTP helper', () => {
  it('hotp() gives the RFC 4226 appendix D values', () => {
    const secret = Buffer.from('12345678901234567890')
    const expected = [
      '755224',
      '287082',
      '359152',
      '969429',
      '338314',
      '254676',
      '287922',
      '162583',
      '399871',
      '520489',
    ]
    expect(expected.map((_, counter) => hotp(secret, counter))).toEqual(expected)
  })

  it('hotp() gives the RFC 6238 appendix B SHA-1 values (8 digits)', () => {
    const secret = Buffer.from('12345678901234567890')
    expect(hotp(secret, Math.floor(59 / 30), 8)).toBe('94287082')
    expect(hotp(secret, Math.floor(1111111109 / 30), 8)).toBe('07081804')
    expect(hotp(secret, Math.floor(20000000000 / 30), 8)).toBe('65353130')
  })

  it('decodeBase32() reads RFC 4648 test vectors', () => {
    expect(decodeBase32('MZXW6YTBOI').toString()).toBe('foobar')
    expect(decodeBase32('MZXW6YQ=').toString()).toBe('foob')
  })
})
