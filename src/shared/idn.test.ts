import { describe, expect, it } from 'vitest'
import { toAsciiDomain } from './idn.ts'

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
