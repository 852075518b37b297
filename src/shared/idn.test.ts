import { domainToASCII, domainToUnicode } from 'node:url'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { toAsciiDomain, toUnicodeDomain } from './idn.ts'

describe('toAsciiDomain()', () => {
  it.each([
    ['bücher.example', 'xn--bcher-kva.example'],
    ['BÜCHER.example', 'xn--bcher-kva.example'],
    ['münchen.example.', 'xn--mnchen-3ya.example.'],
    ['例え.テスト', 'xn--r8jz45g.xn--zckzah'],
    ['_dmarc.bücher.example', '_dmarc.xn--bcher-kva.example'],
  ])('converts the Unicode name %s to %s', (unicode, ascii) => {
    expect(toAsciiDomain(unicode)).toBe(ascii)
  })

  it.each(['example.com', 'Example.COM', 'bad_domain!', '127.1'])('leaves the ASCII input %s as typed', (value) => {
    expect(toAsciiDomain(value)).toBe(value)
  })

  it.each(['bücher.example/path', 'user@bücher.example', 'bücher example', 'bücher.example:80'])(
    'does not pull a host out of %j',
    (value) => {
      expect(toAsciiDomain(value)).toBe(value)
    },
  )
})

describe('toUnicodeDomain()', () => {
  it.each([
    ['xn--bcher-kva.example', 'bücher.example'],
    ['XN--BCHER-KVA.example', 'bücher.example'],
    ['xn--r8jz45g.xn--zckzah', '例え.テスト'],
    ['example.com', 'example.com'],
    ['xn--not-punycode!.example', 'xn--not-punycode!.example'],
  ])('shows %s as %s', (ascii, unicode) => {
    expect(toUnicodeDomain(ascii)).toBe(unicode)
  })

  it("agrees with Node's domainToUnicode on names the URL parser made", () => {
    const label = fc.string({
      unit: fc.constantFrom('a', 'z', '0', '-', 'ü', 'ß', 'é', '例', 'え', 'я', 'ω', '😀'),
      minLength: 1,
      maxLength: 12,
    })
    fc.assert(
      fc.property(fc.array(label, { minLength: 1, maxLength: 3 }), (labels) => {
        const ascii = domainToASCII(`${labels.join('.')}.example`)
        fc.pre(ascii !== '')
        expect(toUnicodeDomain(ascii)).toBe(domainToUnicode(ascii))
      }),
      { numRuns: 2000 },
    )
  })
})
