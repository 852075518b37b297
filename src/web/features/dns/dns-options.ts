// The DNS panel's extra controls turned into request options, checked by the shared schema.

import { RESOLVER_OPTIONS } from '../../../shared/tools/dns/public-resolvers.ts'
import { DNS_DEFAULT_TYPES, type DnsOptions, dnsOptions, SYSTEM_RESOLVER } from '../../../shared/tools/dns/schema.ts'

export const ALL_DEFAULT_TYPES = ''
/** The picker's entry for a type it does not list: typed by name or as TYPE<number>. */
export const OTHER_TYPE = 'other'
export const otherTypeLabel = 'Other type (name or TYPE<number>)…'
export const otherTypeMissing = 'Enter a record type, such as NULL or TYPE65534'
export const allDefaultTypesLabel = 'All default types'
export const defaultTypesHint = `Default: ${DNS_DEFAULT_TYPES.join(', ')}`

export interface DnsControls {
  /** "" for the default set; OTHER_TYPE for the type typed in `otherType`. */
  type: string
  /** A type not in the list ("ZONEMD", "TYPE65534"); used when `type` is OTHER_TYPE. */
  otherType: string
  /** "system" or a public resolver id. */
  resolver: string
  /** A custom "ip[:port]"; blank for none. */
  server: string
  trace: boolean
  dnssec: boolean
  /** Ask every public resolver and authoritative server instead of one resolver. */
  propagation: boolean
}

export const initialDnsControls: DnsControls = {
  type: ALL_DEFAULT_TYPES,
  otherType: '',
  resolver: SYSTEM_RESOLVER,
  server: '',
  trace: false,
  dnssec: false,
  propagation: false,
}

export const resolverChoices = RESOLVER_OPTIONS

export type DnsOptionsCheck = { ok: true; value: DnsOptions } | { ok: false; message: string }

/** Only options that differ from the defaults are sent. */
export function readDnsOptions(controls: DnsControls): DnsOptionsCheck {
  const server = controls.server.trim()
  const other = controls.type === OTHER_TYPE
  const aside = controls.trace || controls.propagation
  if (other && controls.otherType.trim() === '') return { ok: false, message: otherTypeMissing }
  const parsed = dnsOptions.safeParse({
    type: other ? controls.otherType.trim() : controls.type === ALL_DEFAULT_TYPES ? undefined : controls.type,
    // A trace or a propagation check chooses its own servers: the resolver controls are set aside.
    resolver: aside || controls.resolver === SYSTEM_RESOLVER ? undefined : controls.resolver,
    server: aside || server === '' ? undefined : server,
    trace: (controls.trace && !controls.propagation) || undefined,
    propagation: controls.propagation || undefined,
    dnssec: controls.dnssec || undefined,
  })
  if (parsed.success) return { ok: true, value: parsed.data }
  return { ok: false, message: parsed.error.issues[0]?.message ?? 'Invalid DNS options' }
}
