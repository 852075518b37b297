import { isIP } from 'node:net'
import { describe, expect, it } from 'vitest'
import { IANA_ROOT_SERVERS, parseRootHints } from './root-hints.ts'

describe('parseRootHints()', () => {
  it("uses the given servers in order, asking every server of the walk on the first one's port", () => {
    expect(parseRootHints(['127.53.0.1:5300', '[::1]:5300'])).toEqual({
      servers: [{ addresses: ['127.53.0.1'] }, { addresses: ['::1'] }],
      port: 5300,
    })
    expect(parseRootHints(['127.53.0.1']).port).toBe(53)
  })

  it('falls back to the 13 IANA root servers on port 53, starting at a random one', () => {
    const hints = parseRootHints([], () => 0.5)
    expect(hints.port).toBe(53)
    expect(hints.servers).toHaveLength(13)
    expect(hints.servers[0]?.name).toBe('g.root-servers.net')
    expect(hints.servers.at(-1)?.name).toBe('f.root-servers.net')
  })

  it('refuses a name instead of an address', () => {
    expect(() => parseRootHints(['a.root-servers.net'])).toThrow('Root hint must be an IP address')
  })
})

describe('IANA_ROOT_SERVERS', () => {
  it('lists a to m, each with one IPv4 and one IPv6 address', () => {
    expect(IANA_ROOT_SERVERS.map((s) => s.name?.[0]).join('')).toBe('abcdefghijklm')
    for (const server of IANA_ROOT_SERVERS) expect(server.addresses.map((a) => isIP(a))).toEqual([4, 6])
  })
})
