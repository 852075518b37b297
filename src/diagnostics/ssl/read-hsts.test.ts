import { describe, expect, it } from 'vitest'
import { parseHsts } from './read-hsts.ts'

describe('parseHsts()', () => {
  it('reads max-age and the flags in any case and order', () => {
    expect(parseHsts('max-age=63072000; includeSubDomains; preload')).toMatchObject({
      present: true,
      maxAge: 63_072_000,
      includeSubDomains: true,
      preload: true,
    })
    expect(parseHsts('Preload; MAX-AGE="300"')).toMatchObject({ maxAge: 300, includeSubDomains: false, preload: true })
  })
  it('reports a missing header and a header without max-age', () => {
    expect(parseHsts(null)).toMatchObject({ present: false, maxAge: null })
    expect(parseHsts('includeSubDomains').maxAge).toBeNull()
  })
})
