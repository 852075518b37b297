// The CAA records that apply to the site's host: where they were found, each tag and value; or, when
// no name up to the TLD has any, that any CA may issue.
import type { CaaRecord, CaaReport } from '../../../shared/tools/website-check/records.ts'
import { type Column, DataTable } from '../../components/data-table.tsx'

const columns: Column<CaaRecord>[] = [
  { header: 'Tag', rowHeader: true, cell: (r) => r.tag, className: 'whitespace-nowrap' },
  { header: 'Value', cell: (r) => r.value || '(empty)', className: 'break-all' },
  {
    header: 'Flags',
    // RFC 8659 §4.1: bit 128 is Issuer Critical.
    cell: (r) => (r.flags & 128 ? `${r.flags} (critical)` : r.flags),
    className: 'tabular-nums whitespace-nowrap text-zinc-300',
  },
]

function Summary({ report }: { report: CaaReport }) {
  if (report.state === 'none')
    return (
      <>
        No CAA: any CA may issue certificates for {report.host} (asked {report.asked.join(', ')})
      </>
    )
  if (report.state === 'not-checked') return <>{report.error ?? 'Not checked'}</>
  return (
    <>
      Found at {report.foundAt}
      {report.foundAt !== report.host && <> (applies to {report.host}, which has none of its own)</>}
    </>
  )
}

export function CaaRecordsTable({ report }: { report: CaaReport }) {
  return (
    <section className="space-y-2" aria-label="CAA records">
      <h4 className="font-sans text-sm text-zinc-100">CAA records</h4>
      <p className="break-words font-sans text-sm text-zinc-300">
        <Summary report={report} />
      </p>
      {report.records.length > 0 && (
        <DataTable
          caption={`CAA records of ${report.foundAt}`}
          captionHidden
          density="compact"
          columns={columns}
          rows={report.records}
          rowKey={(r, index) => `${r.tag}-${index}`}
        />
      )}
    </section>
  )
}
