import { describe, expect, it } from 'vitest'
import { describeCipher, rsaEquivalentBits } from './cipher-facts.ts'

describe('describeCipher()', () => {
  it.each([
    ['TLS_AES_128_GCM_SHA256', 'TLSv1.3', { bits: 128, aead: true, forwardSecrecy: true }],
    ['TLS_CHACHA20_POLY1305_SHA256', 'TLSv1.3', { bits: 256, aead: true, forwardSecrecy: true }],
    ['TLS_ECDHE_RSA_WITH_AES_256_GCM_SHA384', 'TLSv1.2', { bits: 256, aead: true, forwardSecrecy: true }],
    ['TLS_ECDHE_RSA_WITH_AES_256_CBC_SHA', 'TLSv1', { bits: 256, aead: false, forwardSecrecy: true }],
    ['TLS_RSA_WITH_AES_128_GCM_SHA256', 'TLSv1.2', { bits: 128, aead: true, forwardSecrecy: false }],
    ['TLS_RSA_WITH_3DES_EDE_CBC_SHA', 'TLSv1', { bits: 112, aead: false, forwardSecrecy: false }],
    ['DES-CBC3-SHA', 'TLSv1', { bits: 112, aead: false, forwardSecrecy: false }],
    ['ECDHE-RSA-AES128-SHA', 'TLSv1', { bits: 128, aead: false, forwardSecrecy: true }],
    ['TLS_RSA_WITH_NULL_SHA256', 'TLSv1.2', { bits: 0, aead: false, forwardSecrecy: false }],
  ])('reads %s (%s)', (name, protocol, expected) => {
    expect(describeCipher(name, protocol)).toEqual(expected)
  })
})

describe('rsaEquivalentBits()', () => {
  it('keeps RSA and DH sizes and maps elliptic curves to their RSA equivalent', () => {
    expect(rsaEquivalentBits('RSA', 2048)).toBe(2048)
    expect(rsaEquivalentBits('DH', 1024)).toBe(1024)
    expect(rsaEquivalentBits('EC', 256)).toBe(3072)
    expect(rsaEquivalentBits('EC', 253)).toBe(3072)
    expect(rsaEquivalentBits('EC', 384)).toBe(7680)
    expect(rsaEquivalentBits('Ed25519', 256)).toBe(3072)
  })
})
