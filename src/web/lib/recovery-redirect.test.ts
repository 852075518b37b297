import { describe, expect, it } from 'vitest'
import { recoveryRedirectTarget } from './recovery-redirect.ts'

describe('recoveryRedirectTarget()', () => {
  it('sends a recovery link in the query to /auth with query and fragment kept', () => {
    expect(recoveryRedirectTarget({ pathname: '/', search: '?type=recovery&token=abc', hash: '#top' })).toBe(
      '/auth?type=recovery&token=abc#top',
    )
  })

  it('sends a recovery link in the fragment to /auth', () => {
    expect(recoveryRedirectTarget({ pathname: '/ping', search: '', hash: '#access_token=x&type=recovery' })).toBe(
      '/auth#access_token=x&type=recovery',
    )
  })

  it('leaves a recovery link already on /auth alone', () => {
    expect(recoveryRedirectTarget({ pathname: '/auth', search: '?type=recovery', hash: '' })).toBeNull()
  })

  it('leaves other links alone', () => {
    expect(recoveryRedirectTarget({ pathname: '/', search: '?type=signup', hash: '#type=invite' })).toBeNull()
    expect(recoveryRedirectTarget({ pathname: '/', search: '?history=true', hash: '' })).toBeNull()
  })
})
