// One command per tool served by POST /api/tools/:id: its argument, its options and how they map
// onto the tool's request schema (the same zod schema the server validates with).
import type { z } from 'zod'
import { findEntry, type ToolId } from '../../src/shared/catalogue.ts'
import { abuseRequest } from '../../src/shared/tools/abuse.ts'
import { asnRequest } from '../../src/shared/tools/asn.ts'
import { blacklistRequest } from '../../src/shared/tools/blacklist.ts'
import { DNS_TYPES, dnsRequest, RESOLVER_CHOICES } from '../../src/shared/tools/dns.ts'
import { geolocationRequest } from '../../src/shared/tools/geolocation.ts'
import { mailRequest } from '../../src/shared/tools/mail.ts'
import { PING_MODES, pingRequest } from '../../src/shared/tools/ping.ts'
import { rdnsRequest } from '../../src/shared/tools/rdns.ts'
import { sslRequest } from '../../src/shared/tools/ssl.ts'
import { TRACEROUTE_PROTOCOLS, tracerouteRequest } from '../../src/shared/tools/traceroute.ts'
import { websiteCheckRequest } from '../../src/shared/tools/website-check.ts'
import { whatismyipRequest } from '../../src/shared/tools/whatismyip.ts'
import { whoisRequest } from '../../src/shared/tools/whois.ts'

export interface ToolOption {
  /** Commander flags, e.g. "-t, --type <type>". */
  flags: string
  description: string
  /** The key in the request's `options`. */
  key: string
  kind: 'string' | 'integer' | 'boolean' | 'family'
  /** The allowed values: checked before sending and offered by shell completion. */
  choices?: readonly string[]
  /** Values offered by shell completion where others are allowed too (the request schema judges). */
  suggestions?: readonly string[]
}

export interface ToolCommand {
  id: ToolId
  /** "<host>", or undefined for a tool without input. */
  argument?: string
  request: z.ZodType
  options: ToolOption[]
}

const family: ToolOption = {
  flags: '-f, --family <4|6>',
  description: 'address family used for a name',
  key: 'family',
  kind: 'family',
  choices: ['4', '6'],
}

const port = (description: string): ToolOption => ({
  flags: '-p, --port <port>',
  description,
  key: 'port',
  kind: 'integer',
})

export const TOOL_COMMANDS: Record<ToolId, ToolCommand> = {
  ping: {
    id: 'ping',
    argument: '<host>',
    request: pingRequest,
    options: [
      { flags: '-c, --count <n>', description: 'probes to send (1-10)', key: 'count', kind: 'integer' },
      family,
      { flags: '-m, --mode <mode>', description: 'icmp or tcp', key: 'mode', kind: 'string', choices: PING_MODES },
      port('TCP port in tcp mode (default 443)'),
    ],
  },
  traceroute: {
    id: 'traceroute',
    argument: '<host>',
    request: tracerouteRequest,
    options: [
      { flags: '-c, --count <n>', description: 'probes per hop (1-10)', key: 'count', kind: 'integer' },
      family,
      {
        flags: '-P, --protocol <protocol>',
        description: 'icmp, udp or tcp',
        key: 'protocol',
        kind: 'string',
        choices: TRACEROUTE_PROTOCOLS,
      },
      port('destination port of UDP and TCP probes'),
    ],
  },
  whois: { id: 'whois', argument: '<domain>', request: whoisRequest, options: [] },
  dns: {
    id: 'dns',
    argument: '<domain>',
    request: dnsRequest,
    options: [
      {
        flags: '-t, --type <type>',
        description: 'record type, any case, by name or as TYPE<number> (default: A, AAAA, MX, NS, TXT and CNAME)',
        key: 'type',
        kind: 'string',
        suggestions: DNS_TYPES,
      },
      {
        flags: '-r, --resolver <id>',
        description: "a public resolver, or 'system' (the server's own, the default)",
        key: 'resolver',
        kind: 'string',
        choices: RESOLVER_CHOICES,
      },
      {
        flags: '-n, --nameserver <ip[:port]>',
        description: 'ask this name server instead of a resolver',
        key: 'server',
        kind: 'string',
      },
      { flags: '--trace', description: 'walk the delegation from the root servers', key: 'trace', kind: 'boolean' },
      { flags: '--dnssec', description: 'ask for DNSSEC records (DO bit)', key: 'dnssec', kind: 'boolean' },
      {
        flags: '--propagation',
        description: 'ask every public resolver and authoritative server, side by side',
        key: 'propagation',
        kind: 'boolean',
      },
    ],
  },
  rdns: { id: 'rdns', argument: '<ip>', request: rdnsRequest, options: [] },
  ssl: { id: 'ssl', argument: '<domain[:port]>', request: sslRequest, options: [] },
  geolocation: { id: 'geolocation', argument: '<ip-or-domain>', request: geolocationRequest, options: [] },
  blacklist: { id: 'blacklist', argument: '<ip-domain-or-url>', request: blacklistRequest, options: [] },
  'website-check': { id: 'website-check', argument: '<url>', request: websiteCheckRequest, options: [] },
  asn: { id: 'asn', argument: '<ip>', request: asnRequest, options: [] },
  abuse: { id: 'abuse', argument: '<ip>', request: abuseRequest, options: [] },
  mail: { id: 'mail', argument: '<domain>', request: mailRequest, options: [] },
  whatismyip: { id: 'whatismyip', request: whatismyipRequest, options: [] },
}

export function describeTool(id: ToolId): string {
  return findEntry(id)?.description ?? id
}
