// The DNS panel's extra controls turned into request options, checked by the shared schema.
import { DNS_DEFAULT_TYPES, dnsOptions, type DnsOptions } from '../../../shared/tools/dns.ts'

export const ALL_DEFAULT_TYPES = ''
export const allDefaultTypesLabel = `All default types (${DNS_DEFAULT_TYPES.join(', ')})`

export type DnsOptionsCheck = { ok: true; value: DnsOptions } | { ok: false; message: string }

/** type "" means the default set; a blank resolver means the server's own. */
export function readDnsOptions(type: string, server: string): DnsOptionsCheck {
  const parsed = dnsOptions.safeParse({
    type: type === ALL_DEFAULT_TYPES ? undefined : type,
    server: server.trim() === '' ? undefined : server.trim(),
  })
  if (parsed.success) return { ok: true, value: parsed.data }
  return { ok: false, message: parsed.error.issues[0]?.message ?? 'Invalid DNS options' }
}
