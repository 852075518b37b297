import { describe, expect, it } from 'vitest'
import { readRecoveryLink } from './recovery-link.ts'

describe('readRecoveryLink()', () => {
  it('is null for addresses that are not recovery links', () => {
    expect(readRecoveryLink('?tab=signup', '')).toBeNull()
    expect(readRecoveryLink('', '')).toBeNull()
  })

  it('reads the token from the query or the fragment', () => {
    expect(readRecoveryLink('?type=recovery&token=abc', '')).toEqual({ token: 'abc' })
    expect(readRecoveryLink('', '#type=recovery&token=xyz')).toEqual({ token: 'xyz' })
  })

  it('has no token when the server said the link is invalid or it carries none', () => {
    expect(readRecoveryLink('?type=recovery&error=INVALID_TOKEN', '')).toEqual({ token: null })
    expect(readRecoveryLink('?type=recovery', '')).toEqual({ token: null })
  })
})
