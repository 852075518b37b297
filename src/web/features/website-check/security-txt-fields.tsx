// The site's security.txt as read: where it was found (or why not), and each field it gives.
import type { SecurityTxtReport } from '../../../shared/tools/website-check/records.ts'
import { type Column, DataTable } from '../../components/data-table.tsx'

type Field = { name: string; value: string }

function fieldsOf(report: SecurityTxtReport): Field[] {
  const many = (name: string, values: string[]) => values.map((value) => ({ name, value }))
  return [
    ...many('Contact', report.contact),
    ...(report.expires ? [{ name: 'Expires', value: report.expires }] : []),
    ...many('Encryption', report.encryption),
    ...many('Policy', report.policy),
    ...(report.preferredLanguages ? [{ name: 'Preferred-Languages', value: report.preferredLanguages }] : []),
    ...many('Canonical', report.canonical),
    ...many('Acknowledgments', report.acknowledgments),
    ...many('Hiring', report.hiring),
    { name: 'Content-Type', value: report.contentType ?? 'none' },
    {
      name: 'Signature',
      value: report.signed ? 'OpenPGP cleartext signature present, not verified' : 'Not signed',
    },
  ]
}

const columns: Column<Field>[] = [
  { header: 'Field', rowHeader: true, cell: (f) => f.name, className: 'whitespace-nowrap text-zinc-300' },
  { header: 'Value', cell: (f) => f.value, className: 'break-all' },
]

export function SecurityTxtFields({ report }: { report: SecurityTxtReport }) {
  return (
    <section className="space-y-2" aria-label="security.txt">
      <h4 className="font-sans text-sm text-zinc-100">security.txt</h4>
      {report.state === 'present' ? (
        <>
          <p className="break-all font-sans text-sm text-zinc-300">Found at {report.finalUrl}</p>
          <DataTable
            caption="security.txt fields"
            captionHidden
            density="compact"
            columns={columns}
            rows={fieldsOf(report)}
            rowKey={(f, index) => `${f.name}-${index}`}
          />
        </>
      ) : (
        <p className="break-words font-sans text-sm text-zinc-300">{report.error ?? `No file at ${report.url}`}</p>
      )}
    </section>
  )
}
