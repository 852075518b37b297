import { describe, expect, it } from 'vitest'
import { withoutSessionTokens } from './routes.ts'

describe('withoutSessionTokens()', () => {
  it('removes the top-level token and the session token, keeping everything else', () => {
    const body = JSON.stringify({ token: 't1', user: { id: 'u' }, session: { token: 't2', expiresAt: 'x' } })
    expect(JSON.parse(withoutSessionTokens(body))).toEqual({ user: { id: 'u' }, session: { expiresAt: 'x' } })
  })

  it('leaves null (no session) and other bodies as they are', () => {
    expect(withoutSessionTokens('null')).toBe('null')
    expect(JSON.parse(withoutSessionTokens('{"status":true}'))).toEqual({ status: true })
  })
})
