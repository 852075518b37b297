// DNS lookup: request options, result shape and its dig-like text rendering.
import { z } from 'zod'
import { ambiguousIpv4Message, idnDnsNameInput } from '../../validation.ts'
import { failureSource, toolRequest, toolResponse } from '../tool-answer.ts'
import { dnsPropagation } from './propagation.ts'
import { RESOLVER_CHOICES, SYSTEM_RESOLVER } from './public-resolvers.ts'
import { readRrType } from './record-types.ts'

export {
  describePublicResolver,
  findPublicResolver,
  PUBLIC_RESOLVERS,
  type PublicResolver,
  RESOLVER_CHOICES,
  SYSTEM_RESOLVER,
} from './public-resolvers.ts'

/** The types offered by name; any other is asked as its mnemonic or TYPE<number> (RFC 3597). */
export const DNS_TYPES = [
  'A',
  'AAAA',
  'MX',
  'NS',
  'TXT',
  'CNAME',
  'SOA',
  'CAA',
  'SRV',
  'PTR',
  'HTTPS',
  'SVCB',
  'TLSA',
  'SSHFP',
  'NAPTR',
  'DNAME',
  'URI',
  'LOC',
  'HINFO',
  'RP',
  'CERT',
  'OPENPGPKEY',
  'SMIMEA',
  'DS',
  'DNSKEY',
  'CDS',
  'CDNSKEY',
  'RRSIG',
  'NSEC',
  'NSEC3',
  'NSEC3PARAM',
  'ANY',
] as const

/** A type name or TYPE<number>, in its canonical form ("https" → "HTTPS", "TYPE65" → "HTTPS"). */
export const dnsType = z
  .string()
  .meta({
    description: 'A record type by name (A, MX, HTTPS, TLSA…) or by number (TYPE65534)',
    examples: ['MX', 'HTTPS', 'TYPE65534'],
  })
  .transform((text, ctx) => {
    const checked = readRrType(text)
    if (checked.ok) return checked.name
    ctx.addIssue({ code: 'custom', message: checked.message })
    return z.NEVER
  })
/** The product's default set when no type is chosen. */
export const DNS_DEFAULT_TYPES = ['A', 'AAAA', 'MX', 'NS', 'TXT', 'CNAME'] as const

/** "ip", "ip:port" or "[ipv6]:port"; checked in full (address class, policy) by the server. */
export const SERVER_PATTERN = /^(\[[0-9a-fA-F:.]+\]|[0-9a-fA-F:.]+)(:\d{1,5})?$/

/** A port written after the address ("1.2.3.4:53", "[::1]:53") is 1-65535; none means 53. */
function hasUsablePort(server: string): boolean {
  const port = /(?:^[^:]*|\])(?::(\d{1,5}))$/.exec(server)?.[1]
  return port === undefined || (Number(port) >= 1 && Number(port) <= 65535)
}

export const dnsOptionMessages = {
  resolverAndServer: 'Choose either a public resolver or a custom server',
  traceWithResolver: 'A trace starts at the root servers and asks no resolver',
  propagationAlone: 'A propagation check asks every public resolver and authoritative server itself',
} as const

export const dnsOptions = z
  .object({
    type: dnsType.optional(),
    /** "system" (this server's resolver, the default) or the id of a public resolver. */
    resolver: z.enum(RESOLVER_CHOICES).optional(),
    /** A custom resolver; checked against the target policy. */
    server: z
      .string()
      .trim()
      .max(64)
      .refine((server) => SERVER_PATTERN.test(server) && ambiguousIpv4Message(server) === undefined, {
        // A legacy IPv4 spelling ("127.1", "0x7f.1") is named as such rather than as a bad address.
        error: (issue) =>
          ambiguousIpv4Message(String(issue.input)) ?? 'Resolver must be an IP address, optionally with :port',
      })
      .refine(hasUsablePort, 'The resolver port must be between 1 and 65535')
      .optional()
      .or(z.literal('').transform(() => undefined)),
    /** Walk the delegation from the root servers, like dig +trace. */
    trace: z.boolean().optional(),
    /** Set the DO bit: ask for RRSIG and other DNSSEC records. */
    dnssec: z.boolean().optional(),
    /** Ask the public resolvers and every authoritative server of the zone, side by side. */
    propagation: z.boolean().optional(),
  })
  .superRefine((options, ctx) => {
    const publicResolver = options.resolver !== undefined && options.resolver !== SYSTEM_RESOLVER
    if (options.server && publicResolver) {
      ctx.addIssue({ code: 'custom', path: ['server'], message: dnsOptionMessages.resolverAndServer })
    }
    if (options.trace && (options.server || publicResolver)) {
      ctx.addIssue({ code: 'custom', path: ['trace'], message: dnsOptionMessages.traceWithResolver })
    }
    if (options.propagation && (options.trace || options.server || publicResolver)) {
      ctx.addIssue({ code: 'custom', path: ['propagation'], message: dnsOptionMessages.propagationAlone })
    }
  })
export type DnsOptions = z.infer<typeof dnsOptions>

/** Names in any script are accepted; the domain rule applies to their ASCII form. */
export const dnsRequest = toolRequest(idnDnsNameInput, dnsOptions)

export const dnsRecord = z.object({
  name: z.string(),
  type: z.string(),
  class: z.string(),
  ttl: z.number(),
  /** Presentation format, as in a zone file. */
  value: z.string(),
  /** The record data's wire bytes in hex, names written out in full (absent in results saved before). */
  rdata: z.string().optional(),
})
export type DnsRecord = z.infer<typeof dnsRecord>

export const dnsFlags = z.object({
  qr: z.boolean(),
  aa: z.boolean(),
  tc: z.boolean(),
  rd: z.boolean(),
  ra: z.boolean(),
  ad: z.boolean(),
  cd: z.boolean(),
})
export type DnsFlags = z.infer<typeof dnsFlags>

export const dnsQueryResult = z.object({
  type: z.string(),
  rcode: z.string(),
  flags: dnsFlags,
  transport: z.enum(['udp', 'tcp']),
  queryTimeMs: z.number(),
  answers: z.array(dnsRecord),
  authority: z.array(dnsRecord),
  additional: z.array(dnsRecord),
})
export type DnsQueryResult = z.infer<typeof dnsQueryResult>

/** One question of a delegation walk: which server was asked and what it said. */
export const dnsTraceStep = z.object({
  /** The zone whose servers were asked ("." for the root). */
  zone: z.string(),
  /** "ip:port" of the server asked. */
  server: z.string(),
  /** The name server's name, when known (root hints, NS records). */
  serverName: z.string().optional(),
  /** "failed": no usable answer (timeout, refused, not allowed); the walk tried the next server. */
  outcome: z.enum(['referral', 'answer', 'nodata', 'nxdomain', 'failed']),
  rcode: z.string().optional(),
  queryTimeMs: z.number().optional(),
  transport: z.enum(['udp', 'tcp']).optional(),
  /** The child zone a referral points to. */
  referral: z.string().optional(),
  /** Referral: NS (and DS, RRSIG) records; answer: the answer; no data: the authority section. */
  records: z.array(dnsRecord),
  /** Addresses of the referred name servers given with the referral. */
  glue: z.array(dnsRecord),
  error: z.string().optional(),
  /** Name servers without glue, and how their addresses were found. */
  notes: z.array(z.string()),
})
export type DnsTraceStep = z.infer<typeof dnsTraceStep>

/** A type asked for that got no answer: no reply at all (timeout, unreachable) or an error rcode. */
export const dnsUnanswered = z.object({
  type: z.string(),
  /** The rcode of the reply (SERVFAIL, REFUSED...); absent when no reply came. */
  rcode: z.string().optional(),
  /** Why, in words: "This server could not reach its resolver 127.0.0.1:53", "Cloudflare (1.1.1.1) answered SERVFAIL". */
  error: z.string(),
})
export type DnsUnanswered = z.infer<typeof dnsUnanswered>

/** DNSSEC verdicts (RFC 4035 §4.3): proven, proven unsigned, proven wrong, or not decidable. */
export const dnssecStatus = z.enum(['secure', 'insecure', 'bogus', 'indeterminate'])
export type DnssecStatus = z.infer<typeof dnssecStatus>

/** One zone of the chain of trust, from the root down: what vouched for its keys and which keys it has. */
export const dnssecChainLink = z.object({
  /** The zone, with its final dot ("." for the root). */
  zone: z.string(),
  /** What vouches for the keys: a configured trust anchor, DS records in the parent, or nothing (unsigned). */
  dsSource: z.enum(['trust-anchor', 'parent', 'none']),
  /** "20326 RSASHA256 SHA-256", one per DS record or trust anchor. */
  ds: z.array(z.string()),
  /** The zone's keys; `matchesDs` marks those a DS or anchor points at, `signedKeys` the one whose RRSIG was checked. */
  keys: z.array(
    z.object({
      tag: z.number(),
      algorithm: z.string(),
      role: z.enum(['KSK', 'ZSK']),
      matchesDs: z.boolean(),
      signedKeys: z.boolean(),
    }),
  ),
  /** The validity window of the checked RRSIG over the DNSKEY set (ISO times). */
  signatureInception: z.string().optional(),
  signatureExpiration: z.string().optional(),
  status: dnssecStatus,
  /** Why this link is not secure, or how a delegation was proven unsigned. */
  note: z.string().optional(),
})
export type DnssecChainLink = z.infer<typeof dnssecChainLink>

/** The validation of one answer (name and type) from the trust anchors down. */
export const dnssecValidation = z.object({
  name: z.string(),
  type: z.string(),
  status: dnssecStatus,
  /** One sentence: what was proven, or the exact reason it was not. */
  reason: z.string(),
  /** Insecure: the delegation proven to have no DS ("unsigned.example."). */
  insecureDelegation: z.string().optional(),
  /** Bogus or indeterminate: whose failure it is. */
  failureSource: failureSource.optional(),
  /** "ip:port" the DS, DNSKEY and answer questions went to. */
  server: z.string(),
  /** How the answer itself was proven: its RRSIG, or the NSEC/NSEC3 denial. */
  proof: z.string().optional(),
  /** The checked RRSIG over the answer: signer, key tag, validity window. */
  answerSignature: z
    .object({
      signer: z.string(),
      keyTag: z.number(),
      algorithm: z.string(),
      inception: z.string(),
      expiration: z.string(),
    })
    .optional(),
  chain: z.array(dnssecChainLink),
})
export type DnssecValidation = z.infer<typeof dnssecValidation>

export const dnsResult = z.object({
  /** The name queried, in ASCII (punycode) form. */
  name: z.string(),
  /** The same name in Unicode; equal to name when it has no internationalised labels. */
  unicodeName: z.string(),
  /** "ip:port" the queries went to; for a trace, the authoritative server reached ("" if none). */
  server: z.string(),
  /** Who answered, for people: "System resolver", "Cloudflare (1.1.1.1)", "Custom server", ... */
  resolver: z.string(),
  dnssec: z.boolean(),
  queries: z.array(dnsQueryResult),
  /** The types answered (NOERROR, NXDOMAIN) are in `queries`; these were asked but not checked. */
  unanswered: z.array(dnsUnanswered).optional(),
  trace: z.array(dnsTraceStep).optional(),
  /** The propagation check: every server's answer side by side (queries is then empty). */
  propagation: dnsPropagation.optional(),
  /** With dnssec: our own validation of each answered type, from the trust anchors down. */
  dnssecValidation: z.array(dnssecValidation).optional(),
})
export type DnsResult = z.infer<typeof dnsResult>

/** "Answered 5 of 6 record types; not checked: MX: …" — only when some type went unanswered. */
export function dnsCoverageSentence(result: DnsResult): string | null {
  const missing = result.unanswered ?? []
  if (missing.length === 0) return null
  const asked = result.queries.length + missing.length
  const what = missing.map((m) => `${m.type}: ${m.error}`).join('; ')
  return `Answered ${result.queries.length} of ${asked} record types; not checked: ${what}`
}

/** "No DNS records found", limited to the types answered when some were not. */
export function dnsEmptySentence(result: DnsResult): string | null {
  if (result.queries.length === 0 || result.queries.some((q) => q.answers.length > 0)) return null
  const missing = result.unanswered?.length ?? 0
  if (missing === 0) return 'No DNS records found'
  const n = result.queries.length
  return `No DNS records found for the ${n} record type${n === 1 ? '' : 's'} answered`
}

export const dnsResponse = toolResponse('dns', dnsResult)
