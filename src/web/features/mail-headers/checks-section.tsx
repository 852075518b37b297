import type { MailHeadersResult } from '../../../shared/tools/mail-headers/schema.ts'
import { type Column, DataTable } from '../../components/data-table.tsx'

interface CheckRow {
  key: string
  what: string
  status: string
  detail: string
}

const STATUS_CLASSES: Record<string, string> = {
  pass: 'text-emerald-300',
  clean: 'text-emerald-300',
  fail: 'text-red-300',
  listed: 'text-red-300',
  softfail: 'text-amber-300',
  permerror: 'text-amber-300',
}

const columns: Column<CheckRow>[] = [
  { header: 'Check', cell: (row) => row.what, rowHeader: true, className: 'break-all' },
  { header: 'Result', cell: (row) => row.status, className: (row) => STATUS_CLASSES[row.status] ?? 'text-zinc-400' },
  { header: 'What was checked', cell: (row) => row.detail },
]

function checkRows(result: MailHeadersResult): CheckRow[] {
  return [
    ...result.dkim.map((d, i) => ({
      key: `dkim-${i}`,
      what: `DKIM ${d.selector}._domainkey.${d.domain}`,
      status: d.status,
      detail: d.detail,
    })),
    {
      key: 'spf',
      what: `SPF${result.spf.domain ? ` ${result.spf.domain}` : ''}${result.spf.address ? ` for ${result.spf.address}` : ''}`,
      status: result.spf.status,
      detail: result.spf.detail,
    },
    ...result.relays.map((r) => ({
      key: `relay-${r.address}`,
      what: `Block lists ${r.address}`,
      status: r.status,
      detail: r.detail,
    })),
  ]
}

/** What this server re-checked: DKIM header signatures, SPF, the relays on the block lists. */
export function ChecksSection({ result }: { result: MailHeadersResult }) {
  return (
    <div className="space-y-1">
      <DataTable
        caption="Re-checked by this server"
        columns={columns}
        rows={checkRows(result)}
        rowKey={(row) => row.key}
      />
      {result.dkim.length === 0 && <p className="font-sans text-sm text-zinc-400">DKIM: no DKIM-Signature header</p>}
      {result.notChecked.length > 0 && (
        <ul className="list-disc pl-5 font-sans text-sm text-zinc-400">
          {result.notChecked.map((note) => (
            <li key={note}>Not checked: {note}</li>
          ))}
        </ul>
      )}
    </div>
  )
}
