// The DNS panel's extra controls turned into request options, checked by the shared schema.
import {
  DNS_DEFAULT_TYPES,
  type DnsOptions,
  describePublicResolver,
  dnsOptions,
  PUBLIC_RESOLVERS,
  SYSTEM_RESOLVER,
} from '../../../shared/tools/dns.ts'

export const ALL_DEFAULT_TYPES = ''
export const allDefaultTypesLabel = 'All default types'
export const defaultTypesHint = `Default: ${DNS_DEFAULT_TYPES.join(', ')}`

export interface DnsControls {
  /** "" for the default set. */
  type: string
  /** "system" or a public resolver id. */
  resolver: string
  /** A custom "ip[:port]"; blank for none. */
  server: string
  trace: boolean
  dnssec: boolean
}

export const initialDnsControls: DnsControls = {
  type: ALL_DEFAULT_TYPES,
  resolver: SYSTEM_RESOLVER,
  server: '',
  trace: false,
  dnssec: false,
}

export const resolverChoices = [
  { value: SYSTEM_RESOLVER, label: "This server's resolver" },
  ...PUBLIC_RESOLVERS.map((r) => ({
    value: r.id,
    label: r.note ? `${describePublicResolver(r)}, ${r.note}` : describePublicResolver(r),
  })),
]

export type DnsOptionsCheck = { ok: true; value: DnsOptions } | { ok: false; message: string }

/** Only options that differ from the defaults are sent. */
export function readDnsOptions(controls: DnsControls): DnsOptionsCheck {
  const server = controls.server.trim()
  const parsed = dnsOptions.safeParse({
    type: controls.type === ALL_DEFAULT_TYPES ? undefined : controls.type,
    // A trace asks the root servers, then each zone's servers: the resolver controls are set aside.
    resolver: controls.trace || controls.resolver === SYSTEM_RESOLVER ? undefined : controls.resolver,
    server: controls.trace || server === '' ? undefined : server,
    trace: controls.trace || undefined,
    dnssec: controls.dnssec || undefined,
  })
  if (parsed.success) return { ok: true, value: parsed.data }
  return { ok: false, message: parsed.error.issues[0]?.message ?? 'Invalid DNS options' }
}
