// The relays' addresses against the site's configured DNS block lists (the address lists of the
// blacklist check's zone list), through this server's resolver. Addresses the target policy calls
// private, loopback or otherwise not public are skipped, and the result says so.
import type { Hop, RelayListing } from '../../shared/tools/mail-headers/schema.ts'
import { consultLists, type DnsblLists } from '../dnsbl/dnsbl-lists.ts'
import { type IpLiteral, parseIpLiteral } from '../net/ip-literal.ts'
import type { Net } from '../net/net.ts'

/** More distinct relay addresses than this are not all checked. */
export const MAX_RELAYS = 8

export async function relayChecks(
  hops: readonly Hop[],
  lists: DnsblLists,
  net: Net,
  signal: AbortSignal,
): Promise<{ relays: RelayListing[]; notes: string[] }> {
  const addresses = [...new Set(hops.flatMap((h) => (h.fromAddress ? [h.fromAddress] : [])))]
  const relays: RelayListing[] = []
  const targets: { kind: 'address'; address: IpLiteral }[] = []
  const notes: string[] = []
  for (const address of addresses) {
    const decision = net.policy.check(address)
    const ip = parseIpLiteral(address)
    if (!decision.allowed || !ip) {
      relays.push({ address, status: 'skipped', detail: `not looked up: ${decision.range ?? 'not a public address'}` })
    } else if (targets.length >= MAX_RELAYS) {
      relays.push({ address, status: 'skipped', detail: `not looked up: only ${MAX_RELAYS} relays are checked` })
    } else targets.push({ kind: 'address', address: ip })
  }
  const resolver = net.resolver
  if (targets.length === 0) return { relays, notes }
  if (!resolver) {
    notes.push('Block lists: no DNS resolver is configured on this server')
    return { relays, notes }
  }
  const zones = lists.zones.zones.filter((z) => z.kind === 'ip')
  const { checks, notes: planNotes } = await consultLists(lists, zones, targets, {
    resolver,
    net,
    signal,
    progress: () => {},
  })
  notes.push(...planNotes)
  for (const target of targets) {
    const rows = checks.map((c) => c.row).filter((row) => row.target === target.address.address)
    const listed = rows.filter((r) => r.status === 'listed')
    const unverified = rows.filter((r) => r.status === 'unverified')
    const clean = rows.filter((r) => r.status === 'clean')
    const address = target.address.address
    if (listed.length > 0) {
      relays.push({ address, status: 'listed', detail: `listed on ${listed.map((r) => r.list).join(', ')}` })
    } else if (clean.length === 0 && unverified.length > 0) {
      const why = unverified[0]?.detail.replace(/^unverified: /, '') ?? ''
      relays.push({ address, status: 'unverified', detail: `no list could be asked (${why})` })
    } else {
      const partial = unverified.length > 0 ? `; ${unverified.length} did not answer` : ''
      relays.push({ address, status: 'clean', detail: `not listed on ${clean.length} lists${partial}` })
    }
  }
  relays.sort((a, b) => addresses.indexOf(a.address) - addresses.indexOf(b.address))
  return { relays, notes }
}
