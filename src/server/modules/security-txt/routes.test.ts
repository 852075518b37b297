import { describe, expect, it } from 'vitest'
import { securityTxt } from './routes.ts'

describe('securityTxt()', () => {
  it('names the contact, an expiry under a year ahead and its canonical address', () => {
    const text = securityTxt(
      'mailto:security@tools.example.test',
      'https://tools.example.test/',
      new Date('2026-01-01T00:00:00Z'),
    )
    expect(text.split('\n')).toEqual([
      'Contact: mailto:security@tools.example.test',
      'Expires: 2026-06-30T00:00:00Z',
      'Preferred-Languages: en',
      'Canonical: https://tools.example.test/.well-known/security.txt',
      '',
    ])
  })
})
