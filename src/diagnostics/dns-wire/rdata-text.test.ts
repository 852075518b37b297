import { describe, expect, it } from 'vitest'
import { encodeBase32Hex, escapeText, formatSignatureTime, ipv6Text } from './presentation-text.ts'
import { formatRdata } from './rdata-text.ts'
import { RdataReader, readName } from './wire-reader.ts'

/** The data alone as a message, so names in it cannot point elsewhere. */
const format = (type: number, hex: string) => {
  const bytes = Buffer.from(hex.replace(/\s/g, ''), 'hex')
  const result = formatRdata(type, new RdataReader(bytes, 0, bytes.length))
  return { text: result.text, wire: Buffer.from(result.wire).toString('hex') }
}

describe('formatRdata()', () => {
  it('writes every TXT byte: printable ASCII as is, quotes and backslashes escaped, the rest as \\DDD', () => {
    expect(format(16, '0a 22 5c 09 c3 a9 00 7f 41 3b 20 00').text).toBe('"\\"\\\\\\009\\195\\169\\000\\127A; " ""')
  })

  it('names the type an RRSIG covers by mnemonic, and a type without one as TYPE<n>', () => {
    const rest = '0d 02 0000012c 697e9780 6955b900 3039 00 0102'
    expect(format(46, `0041 ${rest}`).text).toBe('HTTPS 13 2 300 20260201000000 20260101000000 12345 . AQI=')
    expect(format(46, `fffe ${rest}`).text).toMatch(/^TYPE65534 13 /)
  })

  it('lists NSEC types from the bitmap, in number order', () => {
    // Window 0 holds A (1), MX (15), SVCB (64) and HTTPS (65); window 255 holds 65534.
    expect(format(47, '00 00 09 4001000000000000c0').text).toBe('. A MX SVCB HTTPS')
    expect(format(47, `00 ff 20 ${'00'.repeat(31)}02`).text).toBe('. TYPE65534')
  })

  it('writes NSEC3 salts in hex ("-" when empty) and the next owner in base32hex', () => {
    expect(format(50, '01 00 0000 08 3d54708a7d3ae1f0 06 666f6f626172 00 01 40').text).toBe(
      '1 0 0 3D54708A7D3AE1F0 cpnmuoj1e8 A',
    )
    expect(format(50, '01 01 0005 00 01 66').text).toBe('1 1 5 - co')
  })

  it('writes SVCB parameters by name, dohpath as a key number the way kdig 3.2 does', () => {
    const alpn = '0001 0006 026832026833'
    expect(format(64, `0001 00 ${alpn} 0003 0002 01bb 0007 0002 2f71`).text).toBe('1 . alpn=h2,h3 port=443 key7="/q"')
  })

  it('falls back to the RFC 3597 form when the data does not fit its type', () => {
    expect(format(1, '0102 03')).toEqual({ text: '\\# 3 010203', wire: '010203' })
    expect(format(65, '0001 00 0003 0003 010203')).toMatchObject({ text: '\\# 10 00010000030003010203' })
    expect(format(29, '01 12 16 13 89 12 34 56 89 12 34 56 00 98 96 80').text).toMatch(/^\\# 16 /)
    expect(format(65534, '')).toEqual({ text: '\\# 0', wire: '' })
  })

  it('writes a compressed name out in full in the raw data', () => {
    // A message holding "a.test." at offset 0 and, at 9, MX data whose exchange points back to it.
    const message = Buffer.from('0161 0474657374 00 000a c000'.replace(/\s/g, ''), 'hex')
    const data = formatRdata(15, new RdataReader(message, 8, message.length))
    expect(data.text).toBe('10 a.test.')
    expect(Buffer.from(data.wire).toString('hex')).toBe('000a0161047465737400')
  })
})

describe('readName()', () => {
  it('refuses a compression loop', () => {
    expect(() => readName(Buffer.from('c000', 'hex'), 0)).toThrow(/compression/)
  })

  it('escapes dots, punctuation and unprintable bytes inside labels', () => {
    expect(readName(Buffer.from('036123 2e 02 2009 00'.replace(/\s/g, ''), 'hex'), 0).text).toBe(
      'a\\035\\..\\032\\009.',
    )
  })
})

describe('presentation pieces', () => {
  it.each([
    ['', ''],
    ['f', 'co'],
    ['fo', 'cpng'],
    ['foo', 'cpnmu'],
    ['foob', 'cpnmuog'],
    ['fooba', 'cpnmuoj1'],
    ['foobar', 'cpnmuoj1e8'],
  ])('encodes %j in base32hex as %s (RFC 4648 test vectors, lowercase, unpadded)', (text, encoded) => {
    expect(encodeBase32Hex(Buffer.from(text))).toBe(encoded)
  })

  it('writes signature times as YYYYMMDDHHmmSS in UTC', () => {
    expect(formatSignatureTime(Date.UTC(2026, 11, 5, 19, 37, 23) / 1000)).toBe('20261205193723')
  })

  it.each([
    ['20010db8000000000000000000000010', '2001:db8::10'],
    ['00000000000000000000000000000001', '::1'],
    ['20010db8000000000000000000000000', '2001:db8::'],
    ['00010000000000020000000000000003', '1:0:0:2::3'],
    ['00000000000000000000ffff01020304', '::ffff:1.2.3.4'],
  ])('writes the IPv6 address %s as %s', (hex, text) => {
    expect(ipv6Text(Buffer.from(hex, 'hex'))).toBe(text)
  })

  it('never drops a byte of text', () => {
    const all = Buffer.from(Array.from({ length: 256 }, (_, i) => i))
    const unescaped = escapeText(all).replace(/\\(\d{3}|.)/g, (_, e: string) =>
      String.fromCharCode(e.length === 3 ? Number(e) : e.charCodeAt(0)),
    )
    expect(Buffer.from(unescaped, 'latin1')).toEqual(all)
  })
})
