// Builds a lab plan's namespaces, links, addresses and routes (address-plan.ts) with `ip`, `tc` and
// `sysctl`; shaped links are VXLAN pairs whose delay line runs in the plan's `wan` namespace.
// Commands go in batches (one `ip -batch` per namespace and step, namespaces side by side): a
// process start costs tens of milliseconds on a busy machine, and a lab needs hundreds of commands.
import { LAB_ADDRESSES, type LabPlan, type LinkEnd, type LinkPlan } from './address-plan.ts'
import { inNamespace, runBatch, writeNamespaceResolvConf } from './namespaces.ts'

const DELAY_LINES = new URL('./scripts/delay-lines.ts', import.meta.url).pathname

export interface TopologyHooks {
  /** Starts a long-running Node.js script in a namespace and resolves once it prints READY. */
  startScript(ns: string, script: string, args: string[]): Promise<void>
}

const SYSCTLS = [
  'net.ipv4.icmp_ratelimit=0',
  'net.ipv6.icmp.ratelimit=0',
  // No duplicate address detection: every address (link-local included) is usable at once.
  'net.ipv6.conf.all.accept_dad=0',
  'net.ipv6.conf.default.accept_dad=0',
]
const ROUTER_SYSCTLS = ['net.ipv4.ip_forward=1', 'net.ipv6.conf.all.forwarding=1']

/** Commands collected per namespace, then run as one batch each. */
class Batches<N extends string> {
  readonly host: string[] = []
  readonly ip = new Map<N, string[]>()
  readonly tc = new Map<N, string[]>()
  add(map: Map<N, string[]>, role: N, ...lines: string[]) {
    map.set(role, [...(map.get(role) ?? []), ...lines])
  }
}

export async function buildTopology<N extends string, L extends string>(
  names: Record<N, string>,
  plan: LabPlan<N, L>,
  hooks: TopologyHooks,
): Promise<void> {
  const batches = new Batches<N>()
  for (const role of plan.namespaces) batches.add(batches.ip, role, 'link set lo up')
  const delayLines: string[] = []
  for (const link of plan.links) {
    if (link.shape) delayLines.push(...addShapedLink(batches, names, link, plan.wan))
    else addVethLink(batches, names, link)
  }
  for (const role of plan.namespaces) {
    // The gateway's family picks the route's; blackholes take theirs from the destination.
    for (const [destination, gateway] of plan.routes[role]) {
      const to = destination === 'default' && gateway.includes(':') ? '::/0' : destination
      batches.add(batches.ip, role, `route add ${to} via ${gateway}`)
    }
    for (const destination of plan.blackholes[role] ?? [])
      batches.add(batches.ip, role, `route add blackhole ${destination}`)
  }

  await runBatch(
    'ip',
    null,
    plan.namespaces.map((role) => `netns add ${names[role]}`),
  )
  // Settings first: interfaces created afterwards (the veths below) take them up.
  await Promise.all(
    plan.namespaces.map((role) => {
      const sysctls = plan.routers.includes(role) ? [...SYSCTLS, ...ROUTER_SYSCTLS] : SYSCTLS
      return inNamespace(names[role], 'sysctl', ['-q', '-w', ...sysctls])
    }),
  )
  await runBatch('ip', null, batches.host)
  await Promise.all(
    plan.namespaces.map(async (role) => {
      await runBatch('ip', names[role], batches.ip.get(role) ?? [])
      await runBatch('tc', names[role], batches.tc.get(role) ?? [])
      await writeNamespaceResolvConf(names[role], LAB_ADDRESSES.srv.v4)
    }),
  )
  if (plan.wan && delayLines.length > 0) await hooks.startScript(names[plan.wan], DELAY_LINES, delayLines)
  // One exchange per pair, so neighbour discovery is done before any test measures.
  await Promise.all(
    plan.warmUp.map(([role, target]) => inNamespace(names[role], 'ping', ['-n', '-q', '-c', '1', '-W', '5', target])),
  )
}

/** A veth pair; both ends are created directly inside their namespaces: nothing appears in the host's. */
function addVethLink<N extends string, L extends string>(
  batches: Batches<N>,
  names: Record<N, string>,
  { a, b }: LinkPlan<N, L>,
) {
  batches.host.push(veth(names[a.ns], a.ifname, names[b.ns], b.ifname))
  for (const end of [a, b]) batches.add(batches.ip, end.ns, ...addressAndUp(end))
}

/**
 * Two VXLAN ends whose underlay runs through `wan`: a ── wan ── b over veths in 169.254.<line>.0/29.
 * Returns the delay-lines.ts arguments for both directions. tbf on each VXLAN end sets the rate.
 */
function addShapedLink<N extends string, L extends string>(
  batches: Batches<N>,
  names: Record<N, string>,
  link: LinkPlan<N, L>,
  wan: N | undefined,
): string[] {
  const { a, b, shape } = link
  if (!shape || !wan) throw new Error(`link ${link.name} is shaped but the plan has no wan namespace`)
  const n = shape.line
  const under = { a: `169.254.${n}.1`, wanA: `169.254.${n}.2`, b: `169.254.${n}.5`, wanB: `169.254.${n}.6` }
  const ends = [
    { end: a, local: under.a, remote: under.wanA, wanSide: `l${n}a` },
    { end: b, local: under.b, remote: under.wanB, wanSide: `l${n}b` },
  ]
  for (const { end, local, remote, wanSide } of ends) {
    const lower = `line${n}`
    batches.host.push(veth(names[end.ns], lower, names[wan], wanSide))
    batches.add(batches.ip, wan, `addr add ${remote}/30 dev ${wanSide}`, `link set ${wanSide} up`)
    batches.add(
      batches.ip,
      end.ns,
      `addr add ${local}/30 dev ${lower}`,
      `link set ${lower} up`,
      // VXLAN sends every frame to the wan side of its own underlay link (no address learning).
      `link add ${end.ifname} type vxlan id ${n} local ${local} remote ${remote} dstport 4789 dev ${lower} nolearning`,
      // One packet per frame: the delay line reads datagrams, and a datagram holds one frame.
      `link set ${end.ifname} gso_max_segs 1`,
      ...addressAndUp(end),
    )
    batches.add(
      batches.tc,
      end.ns,
      `qdisc replace dev ${end.ifname} root tbf rate ${shape.rate} burst 64kb latency 200ms`,
    )
  }
  const delay = String(shape.delayMs)
  return [`${under.wanA}:${under.b}:${delay}`, `${under.wanB}:${under.a}:${delay}`]
}

function veth(nsA: string, ifA: string, nsB: string, ifB: string): string {
  return `link add ${ifA} netns ${nsA} type veth peer name ${ifB} netns ${nsB}`
}

function addressAndUp<N extends string>(end: LinkEnd<N>): string[] {
  return [
    `addr add ${end.v4} dev ${end.ifname}`,
    `addr add ${end.v6} dev ${end.ifname} nodad`,
    `link set ${end.ifname} up`,
  ]
}
