// The answer of one bulk row in one line, as the table, the CSV and API clients show it: each bulk
// tool's summary of its result (bulk-summary-dns.ts, -lookups.ts, -ping.ts), or a failed diagnosis
// in words with whose failure it is. The full text stays in the answer's `lines`.

import { summarizeDns } from './bulk-summary-dns.ts'
import {
  summarizeAsn,
  summarizeBlacklist,
  summarizeGeolocation,
  summarizeRdns,
  summarizeSsl,
  summarizeWhois,
} from './bulk-summary-lookups.ts'
import { summarizePing } from './bulk-summary-ping.ts'
import type { BulkToolId } from './bulk-tools.ts'
import type { AsnResult } from './tools/asn/schema.ts'
import type { BlacklistResult } from './tools/blacklist/schema.ts'
import type { DnsResult } from './tools/dns/schema.ts'
import type { GeolocationResult } from './tools/geolocation/schema.ts'
import type { PingResult } from './tools/ping/schema.ts'
import type { RdnsResult } from './tools/rdns/schema.ts'
import type { SslResult } from './tools/ssl/schema.ts'
import type { FailureSource, ToolAnswer } from './tools/tool-answer.ts'
import type { WhoisResult } from './tools/whois/schema.ts'

/**
 * Each tool's summary of its own result. The results come from the tool's diagnostic, which the
 * server checks against the tool's result schema, so they are read here as that type.
 */
const SUMMARIES: { [T in BulkToolId]: (result: never) => string } = {
  dns: (result: DnsResult) => summarizeDns(result),
  rdns: (result: RdnsResult) => summarizeRdns(result),
  blacklist: (result: BlacklistResult) => summarizeBlacklist(result),
  geolocation: (result: GeolocationResult) => summarizeGeolocation(result),
  asn: (result: AsnResult) => summarizeAsn(result),
  whois: (result: WhoisResult) => summarizeWhois(result),
  ssl: (result: SslResult) => summarizeSsl(result),
  ping: (result: PingResult) => summarizePing(result),
}

const WHOSE: Record<FailureSource, string> = {
  target: "the target's failure",
  server: "this server's failure, not the target's",
  policy: "refused by this server's target policy",
}

/** "example.invalid does not exist (NXDOMAIN from resolver …) — the target's failure". */
export function failureSummary(answer: Pick<ToolAnswer, 'error' | 'failureSource'>): string {
  const error = answer.error ?? 'The diagnosis failed'
  return answer.failureSource ? `${error} — ${WHOSE[answer.failureSource]}` : error
}

/**
 * Tools whose failed diagnosis still carries the facts a row should show: an SSL check that fails on
 * trust has the grade, the expiry and the issuer of the certificate it refused.
 */
const FAILED_WITH_FACTS: ReadonlySet<BulkToolId> = new Set(['ssl'])

export function summarizeBulkAnswer(tool: BulkToolId, answer: ToolAnswer): string {
  if (answer.status === 'ok' && answer.result !== null) return SUMMARIES[tool](answer.result as never)
  if (answer.result === null || !FAILED_WITH_FACTS.has(tool)) return failureSummary(answer)
  const facts = SUMMARIES[tool](answer.result as never)
  return answer.failureSource ? `${facts} — ${WHOSE[answer.failureSource]}` : facts
}
