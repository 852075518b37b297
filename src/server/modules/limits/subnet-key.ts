// The key a client's rate budget is counted under. An IPv6 subscriber usually holds a /64, so each
// /64 has its own budget, but one holder of a /48 could otherwise rotate through 65,536 of them:
// once a /48 has more than `threshold` /64s active in the window, all of them share the /48's budget.
import ipaddr from 'ipaddr.js'
import { clientAddressKey } from './client-key.ts'

export interface SubnetKeys {
  keyFor(ip: string | undefined): string
}

export function createSubnetKeys(
  { threshold, windowMs = 60_000 }: { threshold: number; windowMs?: number },
  { now = () => Date.now() } = {},
): SubnetKeys {
  /** /48 → its /64s and when each was last seen. */
  const active = new Map<string, Map<string, number>>()
  let nextSweepAt = 0

  function sweep(at: number) {
    if (at < nextSweepAt) return
    nextSweepAt = at + windowMs
    for (const [prefix, subnets] of active) {
      for (const [subnet, seen] of subnets) if (at - seen > windowMs) subnets.delete(subnet)
      if (subnets.size === 0) active.delete(prefix)
    }
  }

  return {
    keyFor(ip) {
      const key = clientAddressKey(ip)
      if (!ip || !key.endsWith('::/64')) return key
      const parts = (ipaddr.process(ip) as ipaddr.IPv6).parts
      const prefix = `${parts
        .slice(0, 3)
        .map((p) => p.toString(16))
        .join(':')}::/48`
      const at = now()
      sweep(at)
      const subnets = active.get(prefix) ?? new Map<string, number>()
      subnets.set(key, at)
      active.set(prefix, subnets)
      let recent = 0
      for (const seen of subnets.values()) if (at - seen <= windowMs) recent++
      return recent > threshold ? prefix : key
    },
  }
}
