// The options a bulk run takes, chosen once for the batch: the DNS lookup's record type, resolver and
// DNSSEC; the SSL check's port for inputs written without one; ping's count, method and TCP port. Checked here with the same schemas the
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
} from '../../../shared/tools/dns/schema.ts'
import {
  PING_COUNT_DEFAULT,
  PING_COUNT_MAX,
  type PingOptions,
  pingOptions,
  TCP_PING_DEFAULT_PORT,
} from '../../../shared/tools/ping/schema.ts'

export interface BulkControls {
  /** DNS: "" for the default set of types. */
  type: string
  /** DNS: "system" or a public resolver's id. */
  resolver: string
  /** DNS: a custom "ip[:port]"; blank for none. */
  server: string
  dnssec: boolean
  /** SSL: the port of inputs written without one; ping (TCP): the port connected to. Blank for the default. */
  port: string
  /** Ping: probes per input. */
  count: string
  /** Ping: ICMP echo or timed TCP connections. */
  mode: 'icmp' | 'tcp'
}

export const initialBulkControls: BulkControls = {
  type: '',
  resolver: SYSTEM_RESOLVER,
  server: '',
  dnssec: false,
  port: '',
  count: String(PING_COUNT_DEFAULT),
  mode: 'icmp',
}

/** A typed whole number as a number; anything else as it was typed, for the schema to refuse. */
const whole = (text: string): unknown => (/^\d+$/.test(text.trim()) ? Number(text.trim()) : text)

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
  const parsed = sslBulkOptions.safeParse({ port: whole(text) })
  if (!parsed.success) return { ok: false, message: parsed.error.issues[0]?.message ?? 'Invalid port' }
  return { ok: true, options: parsed.data }
}

function readPing(controls: BulkControls): BulkOptionsCheck {
  const candidate: Record<string, unknown> = {}
  const count = whole(controls.count)
  // Not a number at all: said with the count's own rule rather than as a type error.
  if (typeof count !== 'number') return { ok: false, message: `Count must be 1 to ${PING_COUNT_MAX}` }
  if (count !== PING_COUNT_DEFAULT) candidate.count = count
  if (controls.mode === 'tcp') {
    candidate.mode = 'tcp'
    if (controls.port.trim() !== '') candidate.port = whole(controls.port)
  }
  const parsed = pingOptions.safeParse(candidate)
  if (!parsed.success) return { ok: false, message: parsed.error.issues[0]?.message ?? 'Invalid ping options' }
  return { ok: true, options: Object.keys(parsed.data).length > 0 ? parsed.data : undefined }
}

/** The options sent with the bulk request; only those that differ from the defaults. */
export function readBulkOptions(tool: BulkToolId, controls: BulkControls): BulkOptionsCheck {
  if (tool === 'dns') return readDns(controls)
  if (tool === 'ssl') return readSsl(controls)
  if (tool === 'ping') return readPing(controls)
  return { ok: true }
}

function describePing(options: PingOptions): string {
  const count = options.count ?? PING_COUNT_DEFAULT
  const probes = `${count} probe${count === 1 ? '' : 's'}`
  return options.mode === 'tcp'
    ? `${probes} · TCP connect to port ${options.port ?? TCP_PING_DEFAULT_PORT}`
    : `${probes} · ICMP echo`
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
  if (tool === 'ping') return describePing((options ?? {}) as PingOptions)
  if (tool === 'ssl') {
    const port = (options as { port?: number } | undefined)?.port
    return `Port ${port ?? 443} unless the input names one`
  }
  return ''
}
