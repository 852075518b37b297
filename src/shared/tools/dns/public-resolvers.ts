// Well-known public recursive resolvers a visitor may pick instead of this server's own.

export interface PublicResolver {
  /** The value of the DNS tool's `resolver` option. */
  id: string
  provider: string
  address: string
  family: 4 | 6
  /** What the resolver does besides resolving, when it filters answers. */
  note?: string
}

export const PUBLIC_RESOLVERS: readonly PublicResolver[] = [
  { id: 'cloudflare', provider: 'Cloudflare', address: '1.1.1.1', family: 4 },
  { id: 'cloudflare-ipv6', provider: 'Cloudflare', address: '2606:4700:4700::1111', family: 6 },
  { id: 'google', provider: 'Google Public DNS', address: '8.8.8.8', family: 4 },
  { id: 'google-ipv6', provider: 'Google Public DNS', address: '2001:4860:4860::8888', family: 6 },
  { id: 'quad9', provider: 'Quad9', address: '9.9.9.9', family: 4, note: 'blocks malicious domains' },
  { id: 'quad9-ipv6', provider: 'Quad9', address: '2620:fe::fe', family: 6, note: 'blocks malicious domains' },
  { id: 'opendns', provider: 'OpenDNS', address: '208.67.222.222', family: 4 },
  { id: 'opendns-ipv6', provider: 'OpenDNS', address: '2620:119:35::35', family: 6 },
  { id: 'adguard', provider: 'AdGuard DNS', address: '94.140.14.14', family: 4, note: 'blocks ads and trackers' },
  {
    id: 'adguard-ipv6',
    provider: 'AdGuard DNS',
    address: '2a10:50c0::ad1:ff',
    family: 6,
    note: 'blocks ads and trackers',
  },
  { id: 'controld', provider: 'Control D', address: '76.76.2.0', family: 4 },
  { id: 'controld-ipv6', provider: 'Control D', address: '2606:1a40::', family: 6 },
]

/** The `resolver` option: this server's configured resolver, or one of the public ones. */
export const SYSTEM_RESOLVER = 'system'
export const RESOLVER_CHOICES = [SYSTEM_RESOLVER, ...PUBLIC_RESOLVERS.map((r) => r.id)] as [string, ...string[]]

export function findPublicResolver(id: string): PublicResolver | undefined {
  return PUBLIC_RESOLVERS.find((r) => r.id === id)
}

/** "Cloudflare (1.1.1.1)", "Quad9 (2620:fe::fe)". */
export function describePublicResolver(resolver: PublicResolver): string {
  return `${resolver.provider} (${resolver.address})`
}

/** The resolver choices as forms list them: this server's resolver first, then each public one. */
export const RESOLVER_OPTIONS: readonly { value: string; label: string }[] = [
  { value: SYSTEM_RESOLVER, label: "This server's resolver" },
  ...PUBLIC_RESOLVERS.map((r) => ({
    value: r.id,
    label: r.note ? `${describePublicResolver(r)}, ${r.note}` : describePublicResolver(r),
  })),
]
