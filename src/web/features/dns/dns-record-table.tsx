import type { DnsRecord } from '../../../shared/tools/dns/schema.ts'
import { type Column, DataTable } from '../../components/data-table.tsx'

const columns: Column<DnsRecord>[] = [
  { header: 'Name', cell: (record) => record.name || '.', className: 'whitespace-nowrap' },
  { header: 'TTL', cell: (record) => record.ttl, className: 'tabular-nums' },
  { header: 'Type', cell: (record) => record.type },
  { header: 'Value', cell: (record) => record.value, className: 'break-all' },
]

/** One section of a DNS answer (answer, authority or additional) as a table. */
export function DnsRecordTable({ caption, records }: { caption: string; records: DnsRecord[] }) {
  return (
    <DataTable
      caption={caption}
      headerHidden
      columns={columns}
      rows={records}
      rowKey={(record) => `${record.name} ${record.type} ${record.value}`}
    />
  )
}
