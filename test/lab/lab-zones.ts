// The lab's DNS data: names under lab.test and the reverse zones for every lab address.
import ipaddr from 'ipaddr.js'
import { LAB_ADDRESSES } from './address-plan.ts'

export interface LabZone {
  origin: string
  text: string
}

const SOA = (origin: string) => [
  `$ORIGIN ${origin}.`,
  '$TTL 300',
  `@ IN SOA ns.lab.test. hostmaster.lab.test. 2026010101 7200 3600 1209600 300`,
  '@ IN NS ns.lab.test.',
]

const a = LAB_ADDRESSES

/** Hosts of lab.test with their addresses; each one also gets a PTR record. */
export const LAB_HOSTS: Array<{ name: string; v4?: string; v6?: string }> = [
  { name: 'client', ...a.client },
  { name: 'r1', ...a.r1 },
  { name: 'r2', ...a.r2 },
  { name: 'srv', ...a.srv },
  { name: 'ns', ...a.srv },
]

function forwardZone(): LabZone {
  const lines = SOA('lab.test')
  for (const host of LAB_HOSTS) {
    if (host.v4) lines.push(`${host.name} IN A ${host.v4}`)
    if (host.v6) lines.push(`${host.name} IN AAAA ${host.v6}`)
  }
  lines.push(
    `v4only IN A ${a.srv.v4}`,
    `v6only IN AAAA ${a.srv.v6}`,
    `silent IN A ${a.unused.v4}`,
    `silent IN AAAA ${a.unused.v6}`,
    'www IN CNAME srv',
  )
  return { origin: 'lab.test', text: `${lines.join('\n')}\n` }
}

/** "203.0.113.10" → "10.113.0.203.in-addr.arpa"; IPv6 → its nibble name under ip6.arpa. */
export function reverseName(address: string): string {
  const parsed = ipaddr.parse(address)
  if (parsed.kind() === 'ipv4') return `${address.split('.').reverse().join('.')}.in-addr.arpa`
  const hex = (parsed as ipaddr.IPv6)
    .toNormalizedString()
    .split(':')
    .map((g) => g.padStart(4, '0'))
    .join('')
  return `${[...hex].reverse().join('.')}.ip6.arpa`
}

function reverseZone(origin: string): LabZone {
  const lines = SOA(origin)
  // r2 answers on a second address towards srv; r1 on one towards r2.
  const extra = [
    { name: 'r1', v4: '198.51.100.65', v6: '2001:db8:b::1' },
    { name: 'r2', v4: '203.0.113.1', v6: '2001:db8:c::1' },
  ]
  for (const host of [...LAB_HOSTS.filter((h) => h.name !== 'ns'), ...extra]) {
    for (const address of [host.v4, host.v6]) {
      if (!address) continue
      const name = reverseName(address)
      if (name.endsWith(`.${origin}`)) lines.push(`${name}. IN PTR ${host.name}.lab.test.`)
    }
  }
  return { origin, text: `${lines.join('\n')}\n` }
}

/** lab.test plus the reverse zones of 198.51.100.0/24, 203.0.113.0/24 and 2001:db8::/32. */
export function labZones(): LabZone[] {
  return [
    forwardZone(),
    reverseZone('100.51.198.in-addr.arpa'),
    reverseZone('113.0.203.in-addr.arpa'),
    reverseZone('8.b.d.0.1.0.0.2.ip6.arpa'),
  ]
}
