// Builds the lab's namespaces, links, addresses and routes (address-plan.ts) with `ip` and `sysctl`.
import { BLACKHOLES, LAB_ADDRESSES, type LabNamespace, LINKS, NAMESPACES, ROUTERS, ROUTES } from './address-plan.ts'
import { inNamespace, ip, setSysctl, writeNamespaceResolvConf } from './namespaces.ts'

export async function buildTopology(names: Record<LabNamespace, string>): Promise<void> {
  for (const role of NAMESPACES) {
    await ip(['netns', 'add', names[role]])
    await ip(['-n', names[role], 'link', 'set', 'lo', 'up'])
    await setSysctl(names[role], 'net.ipv4.icmp_ratelimit', '0')
    await setSysctl(names[role], 'net.ipv6.icmp.ratelimit', '0')
    // No duplicate address detection: every address (link-local included) is usable at once.
    await setSysctl(names[role], 'net.ipv6.conf.all.accept_dad', '0')
    await setSysctl(names[role], 'net.ipv6.conf.default.accept_dad', '0')
  }
  for (const role of ROUTERS) {
    await setSysctl(names[role], 'net.ipv4.ip_forward', '1')
    await setSysctl(names[role], 'net.ipv6.conf.all.forwarding', '1')
  }
  for (const { a, b } of LINKS) {
    // Both ends are created directly inside their namespaces: nothing appears in the host's.
    await ip([
      'link',
      'add',
      a.ifname,
      'netns',
      names[a.ns],
      'type',
      'veth',
      'peer',
      'name',
      b.ifname,
      'netns',
      names[b.ns],
    ])
    for (const end of [a, b]) {
      const ns = names[end.ns]
      await ip(['-n', ns, 'addr', 'add', end.v4, 'dev', end.ifname])
      await ip(['-n', ns, '-6', 'addr', 'add', end.v6, 'dev', end.ifname, 'nodad'])
      await ip(['-n', ns, 'link', 'set', end.ifname, 'up'])
    }
  }
  for (const role of NAMESPACES) {
    for (const [destination, gateway] of ROUTES[role]) {
      const family = gateway.includes(':') ? '-6' : '-4'
      await ip(['-n', names[role], family, 'route', 'add', destination, 'via', gateway])
    }
    for (const destination of BLACKHOLES[role]) {
      const family = destination.includes(':') ? '-6' : '-4'
      await ip(['-n', names[role], family, 'route', 'add', 'blackhole', destination])
    }
    await writeNamespaceResolvConf(names[role], LAB_ADDRESSES.srv.v4)
  }
  // One exchange per family end to end, so neighbour discovery is done before any test measures.
  for (const target of [LAB_ADDRESSES.srv.v4, LAB_ADDRESSES.srv.v6]) {
    await inNamespace(names.client, 'ping', ['-n', '-q', '-c', '1', '-W', '5', target])
  }
}
