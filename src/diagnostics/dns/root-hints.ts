// Where a delegation walk starts: the root name servers (IANA root hints), or DNS_ROOT_HINTS.
import { isIP } from 'node:net'
import { splitHostPort } from '../net/endpoint.ts'

export interface NameServer {
  name?: string
  /** Known addresses; empty when a referral gave no glue. */
  addresses: string[]
}

export interface RootHints {
  servers: NameServer[]
  /** The port every server of the walk is asked on (53 for the real root). */
  port: number
}

/** The 13 root server identities and their addresses, from IANA's named.root. */
export const IANA_ROOT_SERVERS: readonly NameServer[] = [
  { name: 'a.root-servers.net', addresses: ['198.41.0.4', '2001:503:ba3e::2:30'] },
  { name: 'b.root-servers.net', addresses: ['170.247.170.2', '2801:1b8:10::b'] },
  { name: 'c.root-servers.net', addresses: ['192.33.4.12', '2001:500:2::c'] },
  { name: 'd.root-servers.net', addresses: ['199.7.91.13', '2001:500:2d::d'] },
  { name: 'e.root-servers.net', addresses: ['192.203.230.10', '2001:500:a8::e'] },
  { name: 'f.root-servers.net', addresses: ['192.5.5.241', '2001:500:2f::f'] },
  { name: 'g.root-servers.net', addresses: ['192.112.36.4', '2001:500:12::d0d'] },
  { name: 'h.root-servers.net', addresses: ['198.97.190.53', '2001:500:1::53'] },
  { name: 'i.root-servers.net', addresses: ['192.36.148.17', '2001:7fe::53'] },
  { name: 'j.root-servers.net', addresses: ['192.58.128.30', '2001:503:c27::2:30'] },
  { name: 'k.root-servers.net', addresses: ['193.0.14.129', '2001:7fd::1'] },
  { name: 'l.root-servers.net', addresses: ['199.7.83.42', '2001:500:9f::42'] },
  { name: 'm.root-servers.net', addresses: ['202.12.27.33', '2001:dc3::35'] },
]

/**
 * "ip[:port]" entries (DNS_ROOT_HINTS) or, when none are given, the IANA root servers starting
 * at a random one so walks spread over them. The port of the first entry applies to the whole walk.
 */
export function parseRootHints(entries: string[], random: () => number = Math.random): RootHints {
  if (entries.length === 0) {
    const start = Math.floor(random() * IANA_ROOT_SERVERS.length)
    return { servers: [...IANA_ROOT_SERVERS.slice(start), ...IANA_ROOT_SERVERS.slice(0, start)], port: 53 }
  }
  const parsed = entries.map((entry) => {
    const split = splitHostPort(entry, 53)
    if (!split || !isIP(split.host)) throw new Error(`Root hint must be an IP address with an optional port: ${entry}`)
    return split
  })
  return { servers: parsed.map((p) => ({ addresses: [p.host] })), port: parsed[0]?.port ?? 53 }
}
