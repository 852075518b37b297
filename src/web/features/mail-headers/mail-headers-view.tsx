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

const NO_AUTH = 'No Authentication-Results, ARC-Authentication-Results or Received-SPF header'

/** The stated results: a table where it fits, a list on phones. */
function AuthResults({ rows }: { rows: AuthRow[] }) {
  return (
    <>
      <div className="hidden sm:block">
        <DataTable
          caption="Authentication results as stated"
          columns={authColumns}
          rows={rows}
          rowKey={(row) => row.key}
          empty={NO_AUTH}
        />
      </div>
      <section aria-label="Authentication results as stated" className="space-y-1 font-sans text-sm sm:hidden">
        <h3 className="text-xs uppercase tracking-wide text-zinc-400">Authentication results as stated</h3>
        {rows.length === 0 && <p className="text-zinc-400">{NO_AUTH}</p>}
        <ul className="space-y-1">
          {rows.map((row) => (
            <li key={row.key} className="break-all">
              <span className="text-zinc-100">{row.method.toUpperCase()}</span>{' '}
              <span className={RESULT_CLASSES[row.result] ?? 'text-zinc-300'}>{row.result}</span>
              <span className="text-zinc-300">
                {' '}
                — {row.server}
                {row.properties ? `; ${row.properties}` : ''}
              </span>
            </li>
          ))}
        </ul>
      </section>
    </>
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
      <AuthResults rows={authRows(result.auth)} />
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
