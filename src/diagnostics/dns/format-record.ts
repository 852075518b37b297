// Turns the records of a DNS answer into the rows users see: every type in zone-file presentation
// format decoded from the wire bytes (as kdig prints it), with the data's bytes kept as hex.

import { rrTypeName } from '../../shared/tools/dns/record-types.ts'
import type { DnsRecord } from '../../shared/tools/dns/schema.ts'
import { formatRdata } from '../dns-wire/rdata-text.ts'
import { RdataReader, readSections, type WireRecord } from '../dns-wire/wire-reader.ts'

const OPT = 41
const CLASSES: Record<number, string> = { 1: 'IN', 3: 'CH', 4: 'HS', 254: 'NONE', 255: 'ANY' }

function recordRow(message: Uint8Array, record: WireRecord): DnsRecord {
  const data = formatRdata(record.type, new RdataReader(message, record.start, record.end))
  return {
    name: record.name === '.' ? '' : record.name.replace(/\.$/, ''),
    type: rrTypeName(record.type),
    class: CLASSES[record.class] ?? `CLASS${record.class}`,
    ttl: record.ttl,
    value: data.text,
    rdata: Buffer.from(data.wire).toString('hex'),
  }
}

export interface RecordSections {
  answers: DnsRecord[]
  authority: DnsRecord[]
  additional: DnsRecord[]
}

/** The records of each section, without the EDNS OPT pseudo-record. */
export function formatRecords(message: Uint8Array): RecordSections {
  const sections = readSections(message)
  const rows = (records: WireRecord[]) =>
    records.filter((r) => r.type !== OPT).map((record) => recordRow(message, record))
  return { answers: rows(sections.answers), authority: rows(sections.authority), additional: rows(sections.additional) }
}
