import type { AuthStatement, MailHeadersResult } from '../../../shared/tools/mail-headers/schema.ts'
import { type Column, DataTable } from '../../components/data-table.tsx'
import { ChecksSection } from './checks-section.tsx'
import { HopTable } from './hop-table.tsx'

interface AuthRow {
  key: string
  server: string
  method: string
  result: string
  properties: string
}

const RESULT_CLASSES: Record<string, string> = {
  pass: 'text-emerald-300',
  fail: 'text-red-300',
  softfail: 'text-amber-300',
}

const authColumns: Column<AuthRow>[] = [
  { header: 'Stated by', cell: (row) => row.server, className: 'break-all' },
  { header: 'Method', cell: (row) => row.method.toUpperCase(), rowHeader: true },
  { header: 'Result', cell: (row) => row.result, className: (row) => RESULT_CLASSES[row.result] ?? 'text-zinc-300' },
  { header: 'Details', cell: (row) => row.properties || '—', className: 'break-all' },
]

function authRows(statements: readonly AuthStatement[]): AuthRow[] {
  return statements.flatMap((s, i) =>
    s.results.map((r, j) => ({
      key: `${i}-${j}`,
      server: `${s.authservId || 'unnamed server'} (${s.source}${s.instance !== undefined ? ` i=${s.instance}` : ''})`,
      method: r.method,
      result: r.result,
      properties: r.properties,
    })),
  )
}

/** The report: the message, the hop table, the stated results, the re-checks and the anomalies. */
export function MailHeadersView({ result }: { result: MailHeadersResult }) {
  const { message } = result
  return (
    <div className="space-y-4 border-b border-zinc-800 pb-4">
      <p className="font-sans text-sm text-zinc-300">
        <span className="text-zinc-100">{message.subject ?? '(no subject)'}</span> · from {message.from ?? '—'} · to{' '}
        {message.to ?? '—'}
      </p>
      <HopTable hops={result.hops} totalSeconds={result.totalSeconds} />
      <DataTable
        caption="Authentication results as stated"
        columns={authColumns}
        rows={authRows(result.auth)}
        rowKey={(row) => row.key}
        empty="No Authentication-Results, ARC-Authentication-Results or Received-SPF header"
      />
      <ChecksSection result={result} />
      <section aria-label="Anomalies" className="space-y-1 font-sans text-sm">
        <h3 className="text-xs uppercase tracking-wide text-zinc-400">Anomalies</h3>
        {result.anomalies.length === 0 ? (
          <p className="text-emerald-300">None found</p>
        ) : (
          <ul className="list-disc pl-5 text-amber-300">
            {result.anomalies.map((a) => (
              <li key={a.text}>{a.text}</li>
            ))}
          </ul>
        )}
      </section>
    </div>
  )
}
