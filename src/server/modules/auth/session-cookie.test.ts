import { describe, expect, it } from 'vitest'
import { hasSessionCookie } from './session-cookie.ts'

describe('hasSessionCookie', () => {
  it('finds the session cookie, with or without the secure prefix, among others', () => {
    expect(hasSessionCookie('nettoolbox.session_token=abc.def')).toBe(true)
    expect(hasSessionCookie('theme=dark; __Secure-nettoolbox.session_token=abc')).toBe(true)
    expect(hasSessionCookie('a=1;nettoolbox.session_token=x; b=2')).toBe(true)
  })

  it('ignores other cookies, an empty value and no header', () => {
    expect(hasSessionCookie(undefined)).toBe(false)
    expect(hasSessionCookie('')).toBe(false)
    expect(hasSessionCookie('nettoolbox.session_data=abc; other.session_token=x')).toBe(false)
    expect(hasSessionCookie('nettoolbox.session_token=; a=1')).toBe(false)
    expect(hasSessionCookie('xnettoolbox.session_token=abc')).toBe(false)
  })
})
