import { describe, expect, it } from 'vitest'
import { formatEndpoint, splitHostPort } from './endpoint.ts'

describe('splitHostPort()', () => {
  it.each([
    ['127.0.0.1', { host: '127.0.0.1', port: 53 }],
    ['127.0.0.1:5353', { host: '127.0.0.1', port: 5353 }],
    ['::1', { host: '::1', port: 53 }],
    ['[::1]', { host: '::1', port: 53 }],
    ['[2001:db8::1]:853', { host: '2001:db8::1', port: 853 }],
    ['  8.8.8.8:53 ', { host: '8.8.8.8', port: 53 }],
  ])('splits %s', (text, expected) => {
    expect(splitHostPort(text, 53)).toEqual(expected)
  })

  it.each(['', ':53', '1.2.3.4:0', '1.2.3.4:70000', '1.2.3.4:x', '[::1]:'])('rejects %j', (text) => {
    expect(splitHostPort(text, 53)).toBeNull()
  })
})

describe('formatEndpoint()', () => {
  it('brackets IPv6 addresses', () => {
    expect(formatEndpoint({ address: '2001:db8::1', port: 53 })).toBe('[2001:db8::1]:53')
    expect(formatEndpoint({ address: '127.0.0.1', port: 5353 })).toBe('127.0.0.1:5353')
  })
})
