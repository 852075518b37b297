// The tools, in the order the catalogue shows them: one line per tool, its catalogue entry
// (./<id>/entry.ts). The ids of this list are the tool ids (`ToolId`): a map keyed by them fails to
// compile when a tool is added without its key (docs/architecture.md, "Adding a tool"). No zod here:
// the first page reads it.
import { abuseEntry } from './abuse/entry.ts'
import { asnEntry } from './asn/entry.ts'
import { blacklistEntry } from './blacklist/entry.ts'
import { dnsEntry } from './dns/entry.ts'
import { geolocationEntry } from './geolocation/entry.ts'
import { mailEntry } from './mail/entry.ts'
import { mailHeadersEntry } from './mail-headers/entry.ts'
import { pingEntry } from './ping/entry.ts'
import { rdnsEntry } from './rdns/entry.ts'
import { sslEntry } from './ssl/entry.ts'
import { tracerouteEntry } from './traceroute/entry.ts'
import { websiteCheckEntry } from './website-check/entry.ts'
import { whatismyipEntry } from './whatismyip/entry.ts'
import { whoisEntry } from './whois/entry.ts'

export const TOOL_ENTRIES = [
  pingEntry,
  tracerouteEntry,
  whoisEntry,
  dnsEntry,
  rdnsEntry,
  sslEntry,
  geolocationEntry,
  blacklistEntry,
  websiteCheckEntry,
  asnEntry,
  abuseEntry,
  mailEntry,
  mailHeadersEntry,
  whatismyipEntry,
] as const

/** Ids of the tools: the entries of kind `tool`, served by POST /api/tools/:id (docs/architecture.md). */
export type ToolId = (typeof TOOL_ENTRIES)[number]['id']
/** The tools that take input: those whose panel has an input label. */
export type InputToolId = Extract<(typeof TOOL_ENTRIES)[number], { label: string }>['id']

/** Ids served by POST /api/tools/:id, in catalogue order. */
export const TOOL_IDS: readonly ToolId[] = TOOL_ENTRIES.map((entry) => entry.id)

export function isToolId(id: string): id is ToolId {
  return (TOOL_IDS as readonly string[]).includes(id)
}
