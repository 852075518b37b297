import { describe, expect, it } from 'vitest'
import { kindOfTool, watchableKind } from './watchable.ts'

describe('kindOfTool()', () => {
  it('maps the six watched tools to their kinds and no other', () => {
    const tools = ['ssl', 'blacklist', 'dns', 'website-check', 'mail', 'ping', 'whois', 'traceroute', 'toString']
    expect(tools.map(kindOfTool)).toEqual(['ssl', 'blacklist', 'dns', 'website', 'mail', 'ping', null, null, null])
  })
})

describe('watchableKind()', () => {
  it('offers a stored run of a watched tool, failed or not', () => {
    expect(watchableKind({ tool: 'ping', runId: 'r1' })).toBe('ping')
    expect(watchableKind({ tool: 'website-check', runId: 'r1', failureSource: 'target' })).toBe('website')
  })

  it('offers no run that was not stored or that the target policy refused', () => {
    expect(watchableKind({ tool: 'ping' })).toBeNull()
    expect(watchableKind({ tool: 'ping', runId: 'r1', failureSource: 'policy' })).toBeNull()
  })
})
