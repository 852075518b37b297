// What a blacklist check asks about: an address as given, or a name as given and its registrable
// domain (on the domain lists) and its addresses (resolved once, on the IP lists). Nothing connects to the target; an address that cannot appear on a
// public list (private, loopback, documentation...) is reported instead of asked about.
import ipaddr from 'ipaddr.js'
import { getDomain } from 'tldts'
import type { FailureSource } from '../../shared/tools/tool-answer.ts'
import { type IpLiteral, parseIpLiteral } from '../net/ip-literal.ts'
import type { Net } from '../net/net.ts'
import type { CheckTarget } from './check-zones.ts'
import { lookupAddress } from './query-name.ts'

/** Addresses of a name checked against the IP lists. */
export const MAX_ADDRESSES = 4

export type TargetPlan =
  | {
      ok: true
      targetType: 'ip' | 'domain'
      addresses: IpLiteral[]
      domain: string | null
      targets: CheckTarget[]
      notes: string[]
    }
  | { ok: false; failureSource: FailureSource; error: string }

/** Why an address cannot be on a public list, or null when it can (TARGET_ALLOW lets lab ranges through). */
export function unlistableReason(address: IpLiteral, net: Pick<Net, 'policy'>): string | null {
  const decision = net.policy.check(address.address)
  if (decision.allowed) return null
  // Denied only as this server's own address: still a public address.
  if (ipaddr.parse(address.address).range() === 'unicast') return null
  return decision.range ?? 'non-public'
}

export function planAddress(address: IpLiteral, net: Pick<Net, 'policy'>): TargetPlan {
  const checked = lookupAddress(address)
  const reason = unlistableReason(checked, net)
  if (reason) {
    return {
      ok: false,
      failureSource: 'target',
      error: `${checked.address} is a ${reason} address: public block lists cannot list it, so none was asked`,
    }
  }
  return {
    ok: true,
    targetType: 'ip',
    addresses: [checked],
    domain: null,
    targets: [{ kind: 'address', address: checked }],
    notes: [],
  }
}

export async function planTargets(host: string, net: Net, signal: AbortSignal): Promise<TargetPlan> {
  const literal = parseIpLiteral(host)
  if (literal) return planAddress(literal, net)

  const name = host.replace(/\.$/, '').toLowerCase()
  const domain = getDomain(name) ?? name
  const notes: string[] = []
  // A list may list a subdomain (evil.shop.test) and not its registrable domain, or the other way round.
  const targets: CheckTarget[] = [
    ...(domain !== name ? [{ kind: 'domain' as const, name }] : []),
    { kind: 'domain', name: domain },
  ]
  if (domain !== name) {
    notes.push(`Domain lists were asked about ${name} as given and about its registrable domain ${domain}`)
  }

  const resolution = await net.resolveTarget(name, { signal })
  if (!resolution.ok && resolution.failureSource === 'server') return resolution
  let addresses: IpLiteral[] = []
  if (!resolution.ok) {
    const why = resolution.failureSource === 'policy' ? ': such an address cannot be on a public block list' : ''
    notes.push(`${resolution.error}${why}; only the domain lists were asked`)
  } else {
    const unique = [...new Map(resolution.addresses.map((a) => [a.address, lookupAddress(a)])).values()]
    addresses = unique.slice(0, MAX_ADDRESSES)
    if (unique.length > MAX_ADDRESSES)
      notes.push(`${name} has ${unique.length} addresses; the first ${MAX_ADDRESSES} were checked`)
    targets.unshift(...addresses.map((address): CheckTarget => ({ kind: 'address', address })))
  }
  return { ok: true, targetType: 'domain', addresses, domain, targets, notes }
}
