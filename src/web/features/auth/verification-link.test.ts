import { describe, expect, it } from 'vitest'
import { readVerificationLanding } from './verification-link.ts'

describe('readVerificationLanding()', () => {
  it('is null on an ordinary visit to /auth', () => {
    expect(readVerificationLanding('?tab=signup')).toBeNull()
  })

  it('reports a link that worked', () => {
    expect(readVerificationLanding('?verified=1')).toEqual({ kind: 'verified' })
  })

  it('names the reason of each failure the server reports', () => {
    expect(readVerificationLanding('?verified=1&error=TOKEN_EXPIRED')).toEqual({
      kind: 'failed',
      reason: 'This verification link has expired (links last one hour).',
    })
    expect(readVerificationLanding('?verified=1&error=INVALID_TOKEN')).toEqual({
      kind: 'failed',
      reason: 'This verification link is not valid: it may have been cut short or changed.',
    })
    expect(readVerificationLanding('?verified=1&error=SOMETHING_NEW')).toEqual({
      kind: 'failed',
      reason: 'This verification link could not be used (SOMETHING_NEW).',
    })
  })

  it('tells a link used before apart from a failure: the address is verified', () => {
    expect(readVerificationLanding('?verified=1&error=LINK_ALREADY_USED')).toEqual({
      kind: 'used',
      reason: 'This verification link was already used: your email address is verified.',
    })
  })
})
