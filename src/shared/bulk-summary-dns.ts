// The one-line answer of a DNS lookup in a bulk run: the records of the asked type(s) from the answer
// section only ("MX 10 mail.shop.test · MX 20 backup.shop.test"), "no records" for an empty answer
// (NOERROR with no data: the SOA of the authority section is the zone's, not the answer), and the
// types that went unanswered with why.
import type { DnsQueryResult, DnsRecord, DnsResult } from './tools/dns/schema.ts'

/** The records shown in one cell before "… and N more". */
export const DNS_SUMMARY_MAX_RECORDS = 10
export const NO_RECORDS = 'no records'
export const SUMMARY_SEPARATOR = ' · '

/** "MX 10 mail.shop.test": a name's final dot dropped, a quoted text kept as written. */
export function recordText(record: Pick<DnsRecord, 'type' | 'value'>): string {
  return `${record.type} ${record.value.replace(/\.$/, '')}`
}

/**
 * The answer records that answer the question: those of the asked type and the aliases (CNAME,
 * DNAME) that lead to them; signatures only when they were the question.
 */
function answerRecords(query: DnsQueryResult): DnsRecord[] {
  return query.answers.filter(
    (record) =>
      record.type === query.type || query.type === 'ANY' || record.type === 'CNAME' || record.type === 'DNAME',
  )
}

function listRecords(records: DnsRecord[]): string {
  const seen = [...new Set(records.map(recordText))]
  const shown = seen.slice(0, DNS_SUMMARY_MAX_RECORDS)
  const more = seen.length - shown.length
  return [...shown, ...(more > 0 ? [`… and ${more} more`] : [])].join(SUMMARY_SEPARATOR)
}

function dnssecText(result: DnsResult): string | undefined {
  const verdicts = [...new Set((result.dnssecValidation ?? []).map((v) => v.status))]
  return verdicts.length > 0 ? `DNSSEC ${verdicts.join('/')}` : undefined
}

/** The answer of a lookup, a trace or a propagation check, in one line. */
export function summarizeDns(result: DnsResult): string {
  if (result.propagation) return result.propagation.verdict
  const records = result.queries.flatMap(answerRecords)
  const parts = [records.length > 0 ? listRecords(records) : NO_RECORDS]
  const unanswered = result.unanswered ?? []
  if (unanswered.length > 0) parts.push(`not checked: ${unanswered.map((u) => `${u.type} (${u.error})`).join(', ')}`)
  const dnssec = dnssecText(result)
  if (dnssec) parts.push(dnssec)
  return parts.join(SUMMARY_SEPARATOR)
}
