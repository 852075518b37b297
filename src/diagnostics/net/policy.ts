// The target policy (docs/architecture.md, The target policy): which addresses the server may send diagnostics to.
import { networkInterfaces } from 'node:os'
import ipaddr from 'ipaddr.js'
import { parseIpLiteral } from './ip-literal.ts'

export interface PolicyDecision {
  address: string
  allowed: boolean
  /** Human range name, e.g. "loopback", "private network (RFC 1918)", "documentation range". */
  range?: string
}

export interface TargetPolicy {
  check(address: string): PolicyDecision
  /** "203.0.113.5 is not allowed: documentation range" */
  explain(decision: PolicyDecision): string
}

export interface TargetPolicyOptions {
  /** CIDRs or single addresses exempt from the policy (TARGET_ALLOW). */
  allow?: string[]
  /** The server's own addresses; replaces the lookup of the machine's interfaces when given. */
  ownAddresses?: string[]
}

type Address = ipaddr.IPv4 | ipaddr.IPv6
type Cidr = [Address, number]

/** A denied range; `embeds` names a range that carries an IPv4 address, judged by the IPv4 rules. */
interface RangeRule {
  cidr: string
  name: string
  embeds?: (bytes: number[]) => ipaddr.IPv4[]
}

/** RFC 6052: the IPv4 address follows the prefix, skipping bits 64–71. */
function embeddedAt(prefixLength: number) {
  return (bytes: number[]): ipaddr.IPv4 => {
    const octets: number[] = []
    for (let i = prefixLength / 8; octets.length < 4; i++) if (i !== 8) octets.push(bytes[i] ?? 0)
    return new ipaddr.IPv4(octets)
  }
}

const lastFour = embeddedAt(96)
const PRIVATE = 'private network (RFC 1918)'
const DOCUMENTATION = 'documentation range'
const NOT_AN_IP = 'not an IP address'
const OWN_ADDRESS = "this server's own address"
const RESERVED_V6 = 'reserved (outside global unicast)'

const RULES: RangeRule[] = [
  { cidr: '0.0.0.0/8', name: 'this network' },
  { cidr: '10.0.0.0/8', name: PRIVATE },
  { cidr: '100.64.0.0/10', name: 'shared address space (CGNAT)' },
  { cidr: '127.0.0.0/8', name: 'loopback' },
  { cidr: '169.254.0.0/16', name: 'link-local' },
  { cidr: '169.254.169.254/32', name: 'cloud metadata / link-local' },
  { cidr: '172.16.0.0/12', name: PRIVATE },
  { cidr: '192.0.0.0/24', name: 'IETF protocol assignments' },
  { cidr: '192.0.2.0/24', name: DOCUMENTATION },
  { cidr: '192.88.99.0/24', name: '6to4 relay anycast (deprecated)' },
  { cidr: '192.168.0.0/16', name: PRIVATE },
  { cidr: '198.18.0.0/15', name: 'benchmarking' },
  { cidr: '198.51.100.0/24', name: DOCUMENTATION },
  { cidr: '203.0.113.0/24', name: DOCUMENTATION },
  { cidr: '224.0.0.0/4', name: 'multicast' },
  { cidr: '240.0.0.0/4', name: 'reserved' },
  { cidr: '255.255.255.255/32', name: 'broadcast' },
  { cidr: '::/128', name: 'unspecified' },
  { cidr: '::1/128', name: 'loopback' },
  { cidr: '::/96', name: 'IPv4-compatible (deprecated)' },
  { cidr: '::ffff:0:0/96', name: 'IPv4-mapped', embeds: (b) => [lastFour(b)] },
  { cidr: '64:ff9b::/96', name: 'NAT64', embeds: (b) => [lastFour(b)] },
  // A local-use NAT64 prefix may be any length within the /48: every layout must pass.
  { cidr: '64:ff9b:1::/48', name: 'local-use NAT64', embeds: (b) => [48, 56, 64, 96].map((n) => embeddedAt(n)(b)) },
  { cidr: '100::/64', name: 'discard-only' },
  { cidr: '2001::/23', name: 'IETF protocol assignments' },
  { cidr: '2001::/32', name: 'Teredo' },
  { cidr: '2001:2::/48', name: 'benchmarking' },
  { cidr: '2001:db8::/32', name: DOCUMENTATION },
  { cidr: '2002::/16', name: '6to4', embeds: (b) => [embeddedAt(16)(b)] },
  { cidr: '3fff::/20', name: DOCUMENTATION },
  { cidr: 'fc00::/7', name: 'unique local (ULA)' },
  { cidr: 'fe80::/10', name: 'link-local' },
  { cidr: 'fec0::/10', name: 'site-local (deprecated)' },
  { cidr: 'ff00::/8', name: 'multicast' },
]

/** Most specific first, so the first match names the range. */
const TABLE = RULES.map((rule) => ({ ...rule, range: ipaddr.parseCIDR(rule.cidr) as Cidr })).sort(
  (a, b) => b.range[1] - a.range[1],
)
const GLOBAL_UNICAST_V6 = ipaddr.parseCIDR('2000::/3') as Cidr

function matches(address: Address, [network, bits]: Cidr): boolean {
  return address.kind() === network.kind() && address.match(network, bits)
}

function parseAllowEntry(entry: string): Cidr {
  const text = entry.trim()
  if (text.includes('/') && ipaddr.isValidCIDR(text)) return ipaddr.parseCIDR(text) as Cidr
  const literal = parseIpLiteral(text)
  if (!literal) throw new Error(`Allowed target "${entry}" is not an IP address or CIDR range`)
  return [ipaddr.parse(literal.address), literal.family === 4 ? 32 : 128]
}

/** Addresses of this machine's network interfaces, as the OS reports them. */
export function listOwnAddresses(): string[] {
  return Object.values(networkInterfaces()).flatMap((infos) => (infos ?? []).map((info) => info.address))
}

export function createTargetPolicy(options: TargetPolicyOptions): TargetPolicy {
  const allowed = (options.allow ?? []).map(parseAllowEntry)
  const own = new Set(
    (options.ownAddresses ?? listOwnAddresses()).flatMap((text) => parseIpLiteral(text)?.address ?? []),
  )

  function findDenial(address: Address): string | undefined {
    if (allowed.some((cidr) => matches(address, cidr))) return undefined
    const rule = TABLE.find((candidate) => matches(address, candidate.range))
    if (rule && !rule.embeds) return rule.name
    if (own.has(address.toString())) return OWN_ADDRESS
    if (rule?.embeds) {
      for (const inner of rule.embeds(address.toByteArray())) {
        const denial = findDenial(inner)
        if (denial) return `${denial} via ${rule.name} ${inner.toString()}`
      }
      return undefined
    }
    if (address.kind() === 'ipv6' && !matches(address, GLOBAL_UNICAST_V6)) return RESERVED_V6
    return undefined
  }

  return {
    check(text) {
      const literal = parseIpLiteral(text)
      if (!literal) return { address: text, allowed: false, range: NOT_AN_IP }
      const range = findDenial(ipaddr.parse(literal.address))
      return range ? { address: literal.address, allowed: false, range } : { address: literal.address, allowed: true }
    },
    explain(decision) {
      if (decision.allowed) return `${decision.address} is allowed`
      return `${decision.address} is not allowed: ${decision.range ?? 'denied by the target policy'}`
    },
  }
}
