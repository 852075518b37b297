import { describe, expect, it } from 'vitest'
import { toCapturePayload } from './posthog.ts'

const at = '2026-01-02T03:04:05.000Z'
const session = '0b8a5b1e-3c1d-4d6e-9f2a-6c1e2d3f4a5b'

describe('toCapturePayload()', () => {
  it('identifies a signed-in user by account id and keeps the properties', () => {
    const payload = toCapturePayload('phc_k', {
      name: 'tool_used',
      userId: 'user-1',
      properties: { tool_name: 'dns' },
      timestamp: at,
    })
    expect(payload).toEqual({
      api_key: 'phc_k',
      event: 'tool_used',
      distinct_id: 'user-1',
      properties: { tool_name: 'dns', $lib: 'nettoolbox-server' },
      timestamp: at,
    })
  })

  it('uses the page view session id for an anonymous sender, without a person profile', () => {
    const payload = toCapturePayload('k', {
      name: '$pageview',
      userId: null,
      properties: { session_id: session },
      timestamp: at,
    })
    expect(payload.distinct_id).toBe(session)
    expect(payload.properties.$process_person_profile).toBe(false)
  })

  it('makes up a fresh id when an anonymous sender gives no valid session id', () => {
    const a = toCapturePayload('k', {
      name: '$pageview',
      userId: null,
      properties: { session_id: 'me@example.com' },
      timestamp: at,
    })
    const b = toCapturePayload('k', { name: '$pageview', userId: null, properties: {}, timestamp: at })
    expect(a.distinct_id).toMatch(/^[0-9a-f-]{36}$/)
    expect(b.distinct_id).not.toBe(a.distinct_id)
  })

  it('links the anonymous session to the user on $identify', () => {
    const payload = toCapturePayload('k', {
      name: '$identify',
      userId: 'user-1',
      properties: { session_id: session },
      timestamp: at,
    })
    expect(payload.properties.$anon_distinct_id).toBe(session)
  })
})
