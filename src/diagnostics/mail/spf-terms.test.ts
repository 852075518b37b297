import { describe, expect, it } from 'vitest'
import { isSpfRecord, parseSpfTerms } from './spf-terms.ts'

describe('parseSpfTerms()', () => {
  it('reads qualifiers (default +), mechanisms, values and modifiers', () => {
    expect(
      parseSpfTerms(
        'v=spf1 ip4:198.51.100.0/24 a/24 mx:mail.example.com ~include:_spf.example.net redirect=_spf.example.org ?all',
      ),
    ).toEqual([
      { qualifier: '+', mechanism: 'ip4', value: '198.51.100.0/24' },
      { qualifier: '+', mechanism: 'a', value: '/24' },
      { qualifier: '+', mechanism: 'mx', value: 'mail.example.com' },
      { qualifier: '~', mechanism: 'include', value: '_spf.example.net' },
      { qualifier: '', mechanism: 'redirect', value: '_spf.example.org' },
      { qualifier: '?', mechanism: 'all', value: '' },
    ])
  })

  it('keeps IPv6 values whole and marks unknown mechanisms', () => {
    expect(parseSpfTerms('v=spf1 -ip6:2001:db8::/32 +foo:bar')).toEqual([
      { qualifier: '-', mechanism: 'ip6', value: '2001:db8::/32' },
      { qualifier: '+', mechanism: 'unknown:foo', value: 'bar' },
    ])
  })
})

describe('isSpfRecord()', () => {
  it.each([
    ['v=spf1 -all', true],
    ['v=spf1', true],
    ['V=SPF1 mx', true],
    ['v=spf10 -all', false],
    ['google-site-verification=abc', false],
  ])('%j is an SPF record: %s', (text, expected) => {
    expect(isSpfRecord(text)).toBe(expected)
  })
})
