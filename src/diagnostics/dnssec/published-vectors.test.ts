// The validator's arithmetic against published examples: key tags and DS digests (RFC 4034 §5.4,
// RFC 6605 §6, RFC 8080 §6 with erratum 4935), signatures (RFC 6605, RFC 8080) and the canonical
// name order (RFC 4034 §6.1).
import { describe, expect, it } from 'vitest'
import { dsDigest, keyTag } from './keys.ts'
import { compareNames, nameText, nameWire, parseName } from './names.ts'
import { type Rr, signaturesOf } from './records.ts'
import { checkRrset, readDnskey } from './rrset-signature.ts'

const dnskey = (flags: number, algorithm: number, base64: string) =>
  Buffer.concat([Buffer.from([flags >> 8, flags & 0xff, 3, algorithm]), Buffer.from(base64, 'base64')])

const rr = (owner: string, type: number, rdata: Buffer): Rr => ({
  owner: parseName(owner),
  type,
  class: 1,
  ttl: 3600,
  rdata,
})

interface SigFields {
  type: number
  algorithm: number
  labels: number
  expiration: number
  inception: number
  tag: number
  signer: string
  signature: string
}

function rrsig(owner: string, f: SigFields): Rr {
  const head = Buffer.alloc(18)
  head.writeUInt16BE(f.type, 0)
  head.writeUInt8(f.algorithm, 2)
  head.writeUInt8(f.labels, 3)
  head.writeUInt32BE(3600, 4)
  head.writeUInt32BE(f.expiration, 8)
  head.writeUInt32BE(f.inception, 12)
  head.writeUInt16BE(f.tag, 16)
  return rr(owner, 46, Buffer.concat([head, nameWire(parseName(f.signer)), Buffer.from(f.signature, 'base64')]))
}

const P256_KEY = dnskey(
  257,
  13,
  'GojIhhXUN/u4v54ZQqGSnyhWJwaubCvTmeexv7bR6edbkrSqQpF64cYbcB7wNcP+e+MAnLr+Wi9xMWyQLc8NAA==',
)
const P384_KEY = dnskey(
  257,
  14,
  'xKYaNhWdGOfJ+nPrL8/arkwf2EY3MDJ+SErKivBVSum1w/egsXvSADtNJhyem5RCOpgQ6K8X1DRSEkrbYQ+OB+v8/uX45NBwY8rp65F6Glur8I/mlVNgF6W/qTI37m40',
)
const ED25519_KEY = dnskey(257, 15, 'l02Woi0iS8Aa25FQkUd9RMzZHJpBoRQwAQEX1SxZJA4=')
const RFC4034_KEY = dnskey(
  256,
  5,
  'AQOeiiR0GOMYkDshWoSKz9XzfwJr1AYtsmx3TGkJaNXVbfi/2pHm822aJ5iI9BMzNXxeYCmZDRD99WYwYqUSdjMmmAphXdvxegXd/M5+X7OrzKBaMbCVdFLUUh6DhweJBjEVv5f2wwjM9XzcnOf+EPbtG9DMBmADjFDc2w/rljwvFw==',
)

describe('keyTag() and dsDigest()', () => {
  it('give the key tag and SHA-1 DS of the RFC 4034 §5.4 example', () => {
    expect(keyTag(RFC4034_KEY)).toBe(60485)
    const digest = dsDigest(parseName('dskey.example.com.'), RFC4034_KEY, 1)
    expect(digest?.toString('hex').toUpperCase()).toBe('2BB183AF5F22588179A53B0A98631FAD1A292118')
  })

  it('give the key tags and SHA-256 DS of the RFC 6605 and RFC 8080 examples', () => {
    expect(keyTag(P256_KEY)).toBe(55648)
    expect(dsDigest(parseName('example.net.'), P256_KEY, 2)?.toString('hex')).toBe(
      'b4c8c1fe2e7477127b27115656ad6256f424625bf5c1e2770ce6d6e37df61d17',
    )
    expect(keyTag(P384_KEY)).toBe(10771)
    expect(keyTag(ED25519_KEY)).toBe(3613)
    expect(dsDigest(parseName('example.com.'), ED25519_KEY, 2)?.toString('hex')).toBe(
      '3aa5ab37efce57f737fc1627013fee07bdf241bd10f3b1964ab55c78e79a304b',
    )
  })

  it('has no digest for an unknown digest type', () => {
    expect(dsDigest(parseName('example.com.'), ED25519_KEY, 9)).toBeUndefined()
  })
})

describe('checkRrset() with published signatures', () => {
  // The addresses below are record data of the published examples; nothing is sent to them.
  const a = rr('www.example.net.', 1, Buffer.from([192, 0, 2, 1]))
  const p256Sig = rrsig('www.example.net.', {
    type: 1,
    algorithm: 13,
    labels: 3,
    expiration: 1284026679,
    inception: 1281607479,
    tag: 55648,
    signer: 'example.net.',
    signature: 'qx6wLYqmh+l9oCKTN6qIc+bw6ya+KJ8oMz0YP107epXAyGmt+3SNruPFKG7tZoLBLlUzGGus7ZwmwWep666VCw==',
  })
  const p384Sig = rrsig('www.example.net.', {
    type: 1,
    algorithm: 14,
    labels: 3,
    expiration: 1284027625,
    inception: 1281608425,
    tag: 10771,
    signer: 'example.net.',
    signature:
      '/L5hDKIvGDyI1fcARX3z65qrmPsVz73QD1Mr5CEqOiLP95hxQouuroGCeZOvzFaxsT8Glr74hbavRKayJNuydCuzWTSSPdz7wnqXL5bdcJzusdnI0RSMROxxwGipWcJm',
  })
  const mx = rr('example.com.', 15, Buffer.concat([Buffer.from([0, 10]), nameWire(parseName('mail.example.com.'))]))
  const edSig = rrsig('example.com.', {
    type: 15,
    algorithm: 15,
    labels: 2,
    expiration: 1440021600,
    inception: 1438207200,
    tag: 3613,
    signer: 'example.com.',
    signature: 'oL9krJun7xfBOIWcGHi7mag5/hdZrKWw15jPGrHpjQeRAvTdszaPD+QLs3fx8A4M3e23mRZ9VrbpMngwcrqNAg==',
  })
  const zoneNet = parseName('example.net.')
  const inWindow = 1283000000

  it('verifies the RFC 6605 ECDSA P-256 and P-384 examples', () => {
    const p256 = checkRrset(
      'A',
      [a],
      signaturesOf([p256Sig]),
      zoneNet,
      [readDnskey(rr('example.net.', 48, P256_KEY))],
      inWindow,
    )
    expect(p256.ok).toBe(true)
    const p384 = checkRrset(
      'A',
      [a],
      signaturesOf([p384Sig]),
      zoneNet,
      [readDnskey(rr('example.net.', 48, P384_KEY))],
      inWindow,
    )
    expect(p384.ok).toBe(true)
  })

  it('verifies the RFC 8080 Ed25519 example', () => {
    const key = readDnskey(rr('example.com.', 48, ED25519_KEY))
    expect(checkRrset('MX', [mx], signaturesOf([edSig]), parseName('example.com.'), [key], 1439000000).ok).toBe(true)
  })

  it('rejects the P-256 example when the record changed, and after its expiry', () => {
    const key = readDnskey(rr('example.net.', 48, P256_KEY))
    const changed = rr('www.example.net.', 1, Buffer.from([192, 0, 2, 2]))
    expect(checkRrset('A', [changed], signaturesOf([p256Sig]), zoneNet, [key], inWindow)).toMatchObject({
      ok: false,
      kind: 'bad-signature',
    })
    expect(checkRrset('A', [a], signaturesOf([p256Sig]), zoneNet, [key], 1284026680)).toMatchObject({
      ok: false,
      reason: 'the RRSIG over A expired at 2010-09-09T10:04:39Z',
    })
  })

  it('reads owner names in any case as the same canonical name', () => {
    const key = readDnskey(rr('example.net.', 48, P256_KEY))
    const upper = { ...a, owner: parseName('WWW.Example.NET.') }
    expect(checkRrset('A', [upper], signaturesOf([p256Sig]), zoneNet, [key], inWindow).ok).toBe(true)
  })
})

describe('compareNames()', () => {
  it('sorts names in the canonical order of RFC 4034 §6.1', () => {
    const ordered = [
      'example.',
      'a.example.',
      'yljkjljk.a.example.',
      'Z.a.example.',
      'zABC.a.EXAMPLE.',
      'z.example.',
      '\\001.z.example.',
      '*.z.example.',
      '\\200.z.example.',
    ]
    const shuffled = [...ordered].reverse().sort(() => 0)
    shuffled.push(...shuffled.splice(0, 4))
    const sorted = shuffled.map(parseName).sort(compareNames).map(nameText)
    expect(sorted).toEqual(ordered.map((n) => nameText(parseName(n))))
    expect(sorted[3]).toBe('z.a.example.')
  })
})
