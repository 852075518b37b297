import { describe, expect, it } from 'vitest'
import { describeSuite, LEGACY_SUITE_CODES, SUITES, suiteFor, TLS13_SUITE_CODES } from './suite-table.ts'

describe('the IANA suite table', () => {
  it('holds every registered suite once, with TLS 1.3 suites apart', () => {
    expect(SUITES.size).toBe(LEGACY_SUITE_CODES.length + TLS13_SUITE_CODES.length)
    expect(new Set([...SUITES.values()].map((s) => s.name)).size).toBe(SUITES.size)
    expect(TLS13_SUITE_CODES).toEqual([0x00c6, 0x00c7, 0x1301, 0x1302, 0x1303, 0x1304, 0x1305, 0xc0b4, 0xc0b5])
    expect([...SUITES.values()].filter((s) => s.keyExchange === 'unknown')).toEqual([])
  })

  it.each([
    [0xc02f, 'ECDHE', 'RSA', 'AES-128-GCM', 'AEAD', 128, 'strong', null],
    [
      0x000a,
      'RSA',
      'RSA',
      '3DES-EDE-CBC',
      'HMAC-SHA1',
      112,
      'weak',
      '64-bit block cipher (Sweet32), no forward secrecy, CBC or stream cipher, not AEAD',
    ],
    [
      0x0003,
      'RSA',
      'RSA',
      'RC4-40',
      'HMAC-MD5',
      40,
      'insecure',
      'export-grade, RC4 is broken, MD5 MAC, no forward secrecy, CBC or stream cipher, not AEAD',
    ],
    [
      0x0034,
      'DH',
      'none',
      'AES-128-CBC',
      'HMAC-SHA1',
      128,
      'insecure',
      'no authentication (anonymous), no forward secrecy, CBC or stream cipher, not AEAD',
    ],
    [0x1303, 'any (TLS 1.3)', 'any (TLS 1.3)', 'CHACHA20-POLY1305', 'AEAD', 256, 'strong', null],
    [0xc0b4, 'any (TLS 1.3)', 'any (TLS 1.3)', 'none', 'HMAC-SHA256', 0, 'insecure', 'no encryption'],
  ])('describes 0x%s', (code, keyExchange, authentication, encryption, mac, bits, strength, weakness) => {
    expect(suiteFor(code)).toMatchObject({ keyExchange, authentication, encryption, mac, bits, strength, weakness })
  })

  it('names a code point outside the registry as unassigned', () => {
    expect(describeSuite(0x0a0a, 'unassigned 0x0a0a').keyExchange).toBe('unknown')
  })
})
