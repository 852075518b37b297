// The options a bulk run takes, chosen once for the batch: the DNS lookup's record type, resolver and
// DNSSEC; the SSL check's port for inputs written without one. Checked here with the same schemas the
// server uses (a bad choice is said before anything runs), and worded for the results header and CSV.
import { sslBulkOptions } from '../../../shared/bulk-options.ts'
import type { BulkToolId } from '../../../shared/bulk-tools.ts'
import {
  DNS_DEFAULT_TYPES,
  type DnsOptions,
  describePublicResolver,
  dnsOptions,
  findPublicResolver,
  SYSTEM_RESOLVER,
} from '../../../shared/tools/dns.ts'

export interface BulkControls {
  /** DNS: "" for the default set of types. */
  type: string
  /** DNS: "system" or a public resolver's id. */
  resolver: string
  /** DNS: a custom "ip[:port]"; blank for none. */
  server: string
  dnssec: boolean
  /** SSL: the port of inputs written without one; blank for 443. */
  port: string
}

export const initialBulkControls: BulkControls = {
  type: '',
  resolver: SYSTEM_RESOLVER,
  server: '',
  dnssec: false,
  port: '',
}

/** Which tools have options in bulk. */
export function hasBulkOptions(tool: BulkToolId): boolean {
  return tool === 'dns' || tool === 'ssl'
}

export type BulkOptionsCheck = { ok: true; options?: object } | { ok: false; message: string }

function readDns(controls: BulkControls): BulkOptionsCheck {
  const server = controls.server.trim()
  const parsed = dnsOptions.safeParse({
    ...(controls.type ? { type: controls.type } : {}),
    ...(controls.resolver !== SYSTEM_RESOLVER ? { resolver: controls.resolver } : {}),
    ...(server ? { server } : {}),
    ...(controls.dnssec ? { dnssec: true } : {}),
  })
  if (!parsed.success) return { ok: false, message: parsed.error.issues[0]?.message ?? 'Invalid options' }
  return { ok: true, options: Object.keys(parsed.data).length > 0 ? parsed.data : undefined }
}

function readSsl(controls: BulkControls): BulkOptionsCheck {
  const text = controls.port.trim()
  if (text === '') return { ok: true }
  const parsed = sslBulkOptions.safeParse({ port: /^\d+$/.test(text) ? Number(text) : text })
  if (!parsed.success) return { ok: false, message: parsed.error.issues[0]?.message ?? 'Invalid port' }
  return { ok: true, options: parsed.data }
}

/** The options sent with the bulk request; only those that differ from the defaults. */
export function readBulkOptions(tool: BulkToolId, controls: BulkControls): BulkOptionsCheck {
  if (tool === 'dns') return readDns(controls)
  if (tool === 'ssl') return readSsl(controls)
  return { ok: true }
}

function describeDns(options: DnsOptions): string {
  const types = options.type ? `Record type ${options.type}` : `Record types ${DNS_DEFAULT_TYPES.join(', ')}`
  const publicResolver = options.resolver ? findPublicResolver(options.resolver) : undefined
  const resolver = options.server
    ? `resolver ${options.server}`
    : publicResolver
      ? `resolver ${describePublicResolver(publicResolver)}`
      : "this server's resolver"
  return [types, resolver, `DNSSEC ${options.dnssec ? 'on' : 'off'}`].join(' · ')
}

/** The batch's options in words: "Record type MX · this server's resolver · DNSSEC off"; "" for a tool without options. */
export function describeBulkOptions(tool: BulkToolId, options: object | undefined): string {
  if (tool === 'dns') return describeDns((options ?? {}) as DnsOptions)
  if (tool === 'ssl') {
    const port = (options as { port?: number } | undefined)?.port
    return `Port ${port ?? 443} unless the input names one`
  }
  return ''
}
