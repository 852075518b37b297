// The lab's fixed address plan: documentation ranges only (never 192.0.2.0/24, the host's network).
//
//   client ──(link a)── r1 ──(link b)── r2 ──(link c)── srv
//   198.51.100.0/26     198.51.100.64/26    203.0.113.0/24
//   2001:db8:a::/64     2001:db8:b::/64     2001:db8:c::/64

export type LabNamespace = 'client' | 'r1' | 'r2' | 'srv'
export type LabLink = 'client-r1' | 'r1-r2' | 'r2-srv'

export interface DualStack {
  v4: string
  v6: string
}

export interface LabAddresses {
  client: DualStack
  /** r1 as the client sees it (the address that answers traceroute at hop 1). */
  r1: DualStack
  /** r2 as r1 sees it (hop 2). */
  r2: DualStack
  srv: DualStack
  /** Routed through r1 and r2, then silently dropped by r2: 100% loss, no ICMP error. */
  unused: DualStack
}

export const LAB_ADDRESSES: LabAddresses = {
  client: { v4: '198.51.100.10', v6: '2001:db8:a::10' },
  r1: { v4: '198.51.100.1', v6: '2001:db8:a::1' },
  r2: { v4: '198.51.100.66', v6: '2001:db8:b::2' },
  srv: { v4: '203.0.113.10', v6: '2001:db8:c::10' },
  unused: { v4: '203.0.113.200', v6: '2001:db8:c::200' },
}

/** The CIDRs the app under test must allow (TARGET_ALLOW). */
export const LAB_RANGES = ['198.51.100.0/24', '203.0.113.0/24', '2001:db8::/32']

export interface LinkEnd<N extends string = LabNamespace> {
  ns: N
  ifname: string
  v4: string
  v6: string
}

/**
 * A long-distance link: each direction is delayed by `delayMs` and limited to `rate` (tc tbf syntax).
 * Its two ends are VXLAN devices (id `line`) whose frames cross the plan's `wan` namespace, where
 * scripts/delay-lines.ts holds them for the delay; underlay 169.254.<line>.0/29: the a end .1, wan
 * .2 and .6, the b end .5.
 */
export interface LinkShape {
  delayMs: number
  rate: string
  line: number
}

export interface LinkPlan<N extends string = LabNamespace, L extends string = LabLink> {
  name: L
  a: LinkEnd<N>
  b: LinkEnd<N>
  /** A delayed, rate-limited link (needs the plan's `wan`); lab.shape() can still replace its rate. */
  shape?: LinkShape
}

/** Everything buildTopology() needs: the base lab below, or a larger one such as region-plan.ts. */
export interface LabPlan<N extends string = LabNamespace, L extends string = LabLink> {
  namespaces: readonly N[]
  /** Namespaces that forward packets. */
  routers: readonly N[]
  links: readonly LinkPlan<N, L>[]
  /** Static routes per namespace: [destination, gateway]. */
  routes: Record<N, Array<[string, string]>>
  blackholes: Partial<Record<N, string[]>>
  /** [namespace, address] pairs pinged once when built, so neighbour discovery is done before tests measure. */
  warmUp: Array<[N, string]>
  /** Where the delay lines of shaped links run. */
  wan?: N
}

export const LINKS: LinkPlan[] = [
  {
    name: 'client-r1',
    a: { ns: 'client', ifname: 'eth0', v4: '198.51.100.10/26', v6: '2001:db8:a::10/64' },
    b: { ns: 'r1', ifname: 'to-client', v4: '198.51.100.1/26', v6: '2001:db8:a::1/64' },
  },
  {
    name: 'r1-r2',
    a: { ns: 'r1', ifname: 'to-r2', v4: '198.51.100.65/26', v6: '2001:db8:b::1/64' },
    b: { ns: 'r2', ifname: 'to-r1', v4: '198.51.100.66/26', v6: '2001:db8:b::2/64' },
  },
  {
    name: 'r2-srv',
    a: { ns: 'r2', ifname: 'to-srv', v4: '203.0.113.1/24', v6: '2001:db8:c::1/64' },
    b: { ns: 'srv', ifname: 'eth0', v4: '203.0.113.10/24', v6: '2001:db8:c::10/64' },
  },
]

/** Static routes per namespace: [destination, gateway] for each family. */
export const ROUTES: Record<LabNamespace, Array<[string, string]>> = {
  client: [
    ['default', '198.51.100.1'],
    ['default', '2001:db8:a::1'],
  ],
  r1: [
    ['203.0.113.0/24', '198.51.100.66'],
    ['2001:db8:c::/64', '2001:db8:b::2'],
  ],
  r2: [
    ['default', '198.51.100.65'],
    ['default', '2001:db8:b::1'],
  ],
  srv: [
    ['default', '203.0.113.1'],
    ['default', '2001:db8:c::1'],
  ],
}

/** Blackhole routes: where the unused addresses vanish. */
export const BLACKHOLES: Partial<Record<LabNamespace, string[]>> = {
  r2: [`${LAB_ADDRESSES.unused.v4}/32`, `${LAB_ADDRESSES.unused.v6}/128`],
}

export const ROUTERS: LabNamespace[] = ['r1', 'r2']
export const NAMESPACES: LabNamespace[] = ['client', 'r1', 'r2', 'srv']

export const BASE_PLAN: LabPlan = {
  namespaces: NAMESPACES,
  routers: ROUTERS,
  links: LINKS,
  routes: ROUTES,
  blackholes: BLACKHOLES,
  warmUp: [
    ['client', LAB_ADDRESSES.srv.v4],
    ['client', LAB_ADDRESSES.srv.v6],
  ],
}
