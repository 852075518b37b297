// Which tools take many inputs at once (the bulk view and POST /api/bulk/:tool). Apart from the bulk
// contract (bulk.ts) so that a page can ask without loading the schema library.
import type { ToolId } from './catalogue.ts'

/** The tools that take many inputs at once: lookups, the SSL check and ping, which answer in seconds. */
export const BULK_TOOL_IDS = [
  'blacklist',
  'dns',
  'rdns',
  'geolocation',
  'asn',
  'whois',
  'ssl',
  'ping',
] as const satisfies ToolId[]
export type BulkToolId = (typeof BULK_TOOL_IDS)[number]

export function isBulkTool(id: string): id is BulkToolId {
  return (BULK_TOOL_IDS as readonly string[]).includes(id)
}
