// The probe lab's address plan: the base lab (address-plan.ts) plus three probe regions, a site
// and its data stores. Probes sit in private networks (10.n.0.0/24, fd00:n::/64) behind their own
// routers; every other new link uses documentation ranges (198.51.100.128/25, 2001:db8:1xx::/64).
//
//   near ══(5 ms, 40 Mbit/s)══ core ──────────────────────── srv (and r2 ── r1 ── client, as before)
//   mid ═══(15 ms, 15 Mbit/s)═ mid-r1 ── core
//   far ═══(40 ms, 5 Mbit/s)══ far-r1 ── far-r2 ── far-r3 ── core
//                                                         core ── site ── data
//
// near reaches srv through 1 router (core), mid through 2, far through 4. Each probe's own link
// (═) is a long-distance line (LinkShape): delayed in both directions by the delay line in the
// `wan` namespace and limited by tbf, so a round trip from far takes at least 80 ms. site holds the
// two site processes and their balancer (198.51.100.170); data holds Redis and PostgreSQL,
// reachable from site only (nothing routes to it beyond site).
import {
  BASE_PLAN,
  type DualStack,
  LAB_ADDRESSES,
  type LabLink,
  type LabNamespace,
  type LabPlan,
  type LinkPlan,
} from './address-plan.ts'

export type RegionName = 'near' | 'mid' | 'far'
export type RegionNamespace =
  | LabNamespace
  | RegionName
  | 'core'
  | 'mid-r1'
  | 'far-r1'
  | 'far-r2'
  | 'far-r3'
  | 'site'
  | 'data'
  | 'wan'
export type RegionLink =
  | LabLink
  | 'near-core'
  | 'mid-r1'
  | 'mid-r1-core'
  | 'far-r1'
  | 'far-r1-r2'
  | 'far-r2-r3'
  | 'far-r3-core'
  | 'core-srv'
  | 'core-site'
  | 'site-data'

/** Where a probe says it is (PROBE_NAME, PROBE_COUNTRY, …); measurements pick probes by these. */
export interface ProbeLocation {
  name: string
  country: string
  city: string
  continent: string
  region: string
  asn: number
  network: string
}

export interface Region {
  name: RegionName
  /** The probe's own address, in its private network. */
  probe: DualStack
  /** Its first router, in the same private network. */
  gateway: DualStack
  /** The address each router answers traceroute with, in path order; srv comes after them. */
  hops: { v4: string[]; v6: string[] }
  /** One-way delay and rate of the probe's link (each direction). */
  delayMs: number
  rateMbit: number
  location: ProbeLocation
}

export const REGIONS: Record<RegionName, Region> = {
  near: {
    name: 'near',
    probe: { v4: '10.1.0.10', v6: 'fd00:1::10' },
    gateway: { v4: '10.1.0.1', v6: 'fd00:1::1' },
    hops: { v4: ['10.1.0.1'], v6: ['fd00:1::1'] },
    delayMs: 5,
    rateMbit: 40,
    location: {
      name: 'lab-near',
      country: 'DE',
      city: 'Frankfurt',
      continent: 'EU',
      region: 'eu-central',
      asn: 64500,
      network: 'Near Net',
    },
  },
  mid: {
    name: 'mid',
    probe: { v4: '10.2.0.10', v6: 'fd00:2::10' },
    gateway: { v4: '10.2.0.1', v6: 'fd00:2::1' },
    hops: { v4: ['10.2.0.1', '198.51.100.133'], v6: ['fd00:2::1', '2001:db8:102::1'] },
    delayMs: 15,
    rateMbit: 15,
    location: {
      name: 'lab-mid',
      country: 'US',
      city: 'New York',
      continent: 'NA',
      region: 'us-east',
      asn: 64501,
      network: 'Mid Net',
    },
  },
  far: {
    name: 'far',
    probe: { v4: '10.3.0.10', v6: 'fd00:3::10' },
    gateway: { v4: '10.3.0.1', v6: 'fd00:3::1' },
    hops: {
      v4: ['10.3.0.1', '198.51.100.138', '198.51.100.142', '198.51.100.146'],
      v6: ['fd00:3::1', '2001:db8:131::2', '2001:db8:132::2', '2001:db8:133::2'],
    },
    delayMs: 40,
    rateMbit: 5,
    location: {
      name: 'lab-far',
      country: 'AU',
      city: 'Sydney',
      continent: 'OC',
      region: 'ap-southeast',
      asn: 64502,
      network: 'Far Net',
    },
  },
}

export const REGION_NAMES: RegionName[] = ['near', 'mid', 'far']

/** The address the site's balancer listens on (port 80), as probes and visitors see it. */
export const SITE_ADDRESS: DualStack = { v4: '198.51.100.170', v6: '2001:db8:150::10' }
/** Redis (6379) and PostgreSQL (5432) listen here, inside data. */
export const DATA_ADDRESS: DualStack = { v4: '198.51.100.180', v6: '2001:db8:160::10' }

const shapeOf = (region: RegionName, line: number) => ({
  delayMs: REGIONS[region].delayMs,
  rate: `${REGIONS[region].rateMbit}mbit`,
  line,
})

const REGION_LINKS: LinkPlan<RegionNamespace, RegionLink>[] = [
  {
    name: 'near-core',
    a: { ns: 'near', ifname: 'eth0', v4: '10.1.0.10/24', v6: 'fd00:1::10/64' },
    b: { ns: 'core', ifname: 'to-near', v4: '10.1.0.1/24', v6: 'fd00:1::1/64' },
    shape: shapeOf('near', 1),
  },
  {
    name: 'mid-r1',
    a: { ns: 'mid', ifname: 'eth0', v4: '10.2.0.10/24', v6: 'fd00:2::10/64' },
    b: { ns: 'mid-r1', ifname: 'to-probe', v4: '10.2.0.1/24', v6: 'fd00:2::1/64' },
    shape: shapeOf('mid', 2),
  },
  {
    name: 'mid-r1-core',
    a: { ns: 'mid-r1', ifname: 'to-core', v4: '198.51.100.134/30', v6: '2001:db8:102::2/64' },
    b: { ns: 'core', ifname: 'to-mid', v4: '198.51.100.133/30', v6: '2001:db8:102::1/64' },
  },
  {
    name: 'far-r1',
    a: { ns: 'far', ifname: 'eth0', v4: '10.3.0.10/24', v6: 'fd00:3::10/64' },
    b: { ns: 'far-r1', ifname: 'to-probe', v4: '10.3.0.1/24', v6: 'fd00:3::1/64' },
    shape: shapeOf('far', 3),
  },
  {
    name: 'far-r1-r2',
    a: { ns: 'far-r1', ifname: 'to-r2', v4: '198.51.100.137/30', v6: '2001:db8:131::1/64' },
    b: { ns: 'far-r2', ifname: 'to-r1', v4: '198.51.100.138/30', v6: '2001:db8:131::2/64' },
  },
  {
    name: 'far-r2-r3',
    a: { ns: 'far-r2', ifname: 'to-r3', v4: '198.51.100.141/30', v6: '2001:db8:132::1/64' },
    b: { ns: 'far-r3', ifname: 'to-r2', v4: '198.51.100.142/30', v6: '2001:db8:132::2/64' },
  },
  {
    name: 'far-r3-core',
    a: { ns: 'far-r3', ifname: 'to-core', v4: '198.51.100.145/30', v6: '2001:db8:133::1/64' },
    b: { ns: 'core', ifname: 'to-far', v4: '198.51.100.146/30', v6: '2001:db8:133::2/64' },
  },
  {
    name: 'core-srv',
    a: { ns: 'core', ifname: 'to-srv', v4: '198.51.100.129/30', v6: '2001:db8:100::1/64' },
    b: { ns: 'srv', ifname: 'to-core', v4: '198.51.100.130/30', v6: '2001:db8:100::10/64' },
  },
  {
    name: 'core-site',
    a: { ns: 'core', ifname: 'to-site', v4: '198.51.100.161/28', v6: '2001:db8:150::1/64' },
    b: { ns: 'site', ifname: 'eth0', v4: `${SITE_ADDRESS.v4}/28`, v6: `${SITE_ADDRESS.v6}/64` },
  },
  {
    name: 'site-data',
    a: { ns: 'site', ifname: 'to-data', v4: '198.51.100.177/28', v6: '2001:db8:160::1/64' },
    b: { ns: 'data', ifname: 'eth0', v4: `${DATA_ADDRESS.v4}/28`, v6: `${DATA_ADDRESS.v6}/64` },
  },
]

const defaultVia = (v4: string, v6: string): Array<[string, string]> => [
  ['default', v4],
  ['default', v6],
]

export const REGION_PLAN: LabPlan<RegionNamespace, RegionLink> = {
  namespaces: [
    ...BASE_PLAN.namespaces,
    'core',
    'near',
    'mid',
    'mid-r1',
    'far',
    'far-r1',
    'far-r2',
    'far-r3',
    'site',
    'data',
    'wan',
  ],
  routers: [...BASE_PLAN.routers, 'core', 'mid-r1', 'far-r1', 'far-r2', 'far-r3'],
  links: [...BASE_PLAN.links, ...REGION_LINKS],
  routes: {
    ...BASE_PLAN.routes,
    // srv keeps its default route through r2 and answers the regions and the site through core.
    srv: [
      ...BASE_PLAN.routes.srv,
      ['10.0.0.0/8', '198.51.100.129'],
      ['fd00::/8', '2001:db8:100::1'],
      ['198.51.100.160/28', '198.51.100.129'],
      ['2001:db8:150::/64', '2001:db8:100::1'],
    ],
    core: [
      ['203.0.113.0/24', '198.51.100.130'],
      ['2001:db8:c::/64', '2001:db8:100::10'],
      ['10.2.0.0/24', '198.51.100.134'],
      ['fd00:2::/64', '2001:db8:102::2'],
      ['10.3.0.0/24', '198.51.100.145'],
      ['fd00:3::/64', '2001:db8:133::1'],
    ],
    near: defaultVia('10.1.0.1', 'fd00:1::1'),
    mid: defaultVia('10.2.0.1', 'fd00:2::1'),
    'mid-r1': defaultVia('198.51.100.133', '2001:db8:102::1'),
    far: defaultVia('10.3.0.1', 'fd00:3::1'),
    'far-r1': defaultVia('198.51.100.138', '2001:db8:131::2'),
    'far-r2': [
      ...defaultVia('198.51.100.142', '2001:db8:132::2'),
      ['10.3.0.0/24', '198.51.100.137'],
      ['fd00:3::/64', '2001:db8:131::1'],
    ],
    'far-r3': [
      ...defaultVia('198.51.100.146', '2001:db8:133::2'),
      ['10.3.0.0/24', '198.51.100.141'],
      ['fd00:3::/64', '2001:db8:132::1'],
    ],
    site: defaultVia('198.51.100.161', '2001:db8:150::1'),
    // data knows only its own link: it is reachable from site and from nowhere else.
    data: [],
    wan: [],
  },
  wan: 'wan',
  blackholes: BASE_PLAN.blackholes,
  warmUp: [
    ...BASE_PLAN.warmUp,
    ...REGION_NAMES.flatMap(
      (region): Array<[RegionNamespace, string]> => [
        [region, LAB_ADDRESSES.srv.v4],
        [region, LAB_ADDRESSES.srv.v6],
        [region, SITE_ADDRESS.v4],
      ],
    ),
    ['site', LAB_ADDRESSES.srv.v4],
    ['site', DATA_ADDRESS.v4],
  ],
}
