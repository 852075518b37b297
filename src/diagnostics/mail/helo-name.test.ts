import { hostname } from 'node:os'
import { describe, expect, it } from 'vitest'
import { heloNameFor } from './helo-name.ts'

describe('heloNameFor()', () => {
  it('uses the public URL host', () => {
    expect(heloNameFor('https://tools.example.com:8443/app')).toBe('tools.example.com')
  })

  it.each(['http://localhost:8080', 'http://127.0.0.1:8080', 'http://[::1]:8080', undefined])(
    'falls back to the machine name for %s',
    (url) => {
      expect(heloNameFor(url)).toBe(hostname())
    },
  )
})
