// The DNSBL zone list: data, not code. The shipped zones.json, or the file DNSBL_ZONES_FILE names.
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { z } from 'zod'
import { zoneKind } from '../../shared/tools/blacklist/schema.ts'

export const SHIPPED_ZONES_FILE = fileURLToPath(new URL('./zones.json', import.meta.url))

/** A return code's meaning, optionally with its own weight and category for the abuse score. */
const codeMeaning = z.union([
  z.string(),
  z.object({ meaning: z.string(), weight: z.number().min(0).max(100).optional(), category: z.string().optional() }),
])
export type CodeMeaning = z.infer<typeof codeMeaning>

/** "127.0.0.2", or with "*" octets ("127.0.*.3") for lists that encode several facts per answer. */
const CODE_PATTERN = /^127\.(\d{1,3}|\*)\.(\d{1,3}|\*)\.(\d{1,3}|\*)$/
const codeKey = z.string().regex(CODE_PATTERN, 'return codes are 127.x.y.z addresses ("*" for any octet)')
const zoneName = z.string().regex(/^([a-z0-9_-]{1,63}\.)+[a-z0-9-]{2,63}$/i, 'must be a DNS zone name')
const endpoint = z.string().regex(/^(\[[0-9a-fA-F:.]+\]|[0-9.]+|[0-9a-fA-F:]+)(:\d{1,5})?$/, 'must be ip[:port]')

export const dnsblZone = z.object({
  /** Stable identifier, kebab-case. */
  id: z.string().regex(/^[a-z0-9-]+$/),
  name: z.string().min(1),
  zone: zoneName,
  kind: zoneKind,
  ipv4: z.boolean().default(true),
  /** Whether the list answers IPv6 queries (nibble format). */
  ipv6: z.boolean().default(false),
  codes: z.record(codeKey, codeMeaning).default({}),
  /** Lists answering 127.0.0.N where each bit of N is a sub-list. */
  bitmask: z.record(z.string().regex(/^\d{1,3}$/), codeMeaning).optional(),
  /** Answers that mean "known and not listed" (reputation lists that also rate good senders). */
  cleanCodes: z.record(codeKey, z.string()).default({}),
  /** Answers that are not a verdict: the list refused the query. */
  errorCodes: z.record(codeKey, z.string()).default({}),
  info: z.url(),
  /** The list's own page for asking to be removed, where it publishes one (shown beside a listing). */
  delisting: z.url().optional(),
  /** Lists of one operator count once in the abuse score. */
  group: z.string().optional(),
  /** Abuse-score points of a listing (codes may set their own). */
  weight: z.number().min(0).max(100).default(0),
  category: z.string().optional(),
  /** A resolver just for this list, e.g. a local rbldnsd mirror ("ip[:port]"). */
  server: endpoint.optional(),
  note: z.string().optional(),
  /**
   * The list's documented test points: `listed` must be listed and `unlisted` must not (an address
   * for IP and allow lists, a domain for domain lists). Without them the zone's SOA shows it is alive.
   */
  testPoints: z.object({ listed: z.string().min(1), unlisted: z.string().min(1) }).optional(),
})
export type DnsblZone = z.infer<typeof dnsblZone>

export const dnsblZoneFile = z
  .object({
    /** Deadline of one list's answer (A and TXT), retransmission included. */
    queryTimeoutMs: z.number().int().min(100).max(30_000).default(4000),
    zones: z.array(dnsblZone).min(1),
  })
  .refine((file) => new Set(file.zones.map((zone) => zone.id)).size === file.zones.length, 'zone ids must be unique')
export type DnsblZoneFile = z.infer<typeof dnsblZoneFile>

export class ZoneFileError extends Error {}

export function parseDnsblZones(text: string, where: string): DnsblZoneFile {
  let data: unknown
  try {
    data = JSON.parse(text)
  } catch (cause) {
    throw new ZoneFileError(`${where} is not valid JSON`, { cause })
  }
  const parsed = dnsblZoneFile.safeParse(data)
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`)
    throw new ZoneFileError(`${where} is not a valid DNSBL zone list:\n  ${problems.join('\n  ')}`)
  }
  return parsed.data
}

/** Reads and validates a zone list (default: the shipped one); throws ZoneFileError naming every problem. */
export function loadDnsblZones(file: string = SHIPPED_ZONES_FILE): DnsblZoneFile {
  let text: string
  try {
    text = readFileSync(file, 'utf8')
  } catch (cause) {
    throw new ZoneFileError(`Cannot read the DNSBL zone list ${file}`, { cause })
  }
  return parseDnsblZones(text, file)
}
