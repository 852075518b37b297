import type { MailHeadersResult } from '../../../shared/tools/mail-headers/schema.ts'

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

function checkRows(result: MailHeadersResult): CheckRow[] {
  const spf = result.spf
  return [
    ...result.dkim.map((d, i) => ({
      key: `dkim-${i}`,
      what: `DKIM ${d.selector}._domainkey.${d.domain}`,
      status: d.status,
      detail: d.detail,
    })),
    {
      key: 'spf',
      what: `SPF${spf.domain ? ` ${spf.domain}` : ''}${spf.address ? ` for ${spf.address}` : ''}`,
      status: spf.status,
      detail: spf.detail,
    },
    ...result.relays.map((r) => ({
      key: `relay-${r.address}`,
      what: `Block lists ${r.address}`,
      status: r.status,
      detail: r.detail,
    })),
  ]
}

/** What this server re-checked (DKIM header signatures, SPF, the relays on the block lists), each with what it checked. */
export function ChecksSection({ result }: { result: MailHeadersResult }) {
  return (
    <section aria-labelledby="mail-headers-rechecks" className="space-y-1 font-sans text-sm">
      <h3 id="mail-headers-rechecks" className="text-xs uppercase tracking-wide text-zinc-400">
        Re-checked by this server
      </h3>
      <ul className="space-y-1">
        {checkRows(result).map((row) => (
          <li key={row.key} className="break-words">
            <span className="text-zinc-100">{row.what}</span>:{' '}
            <span className={STATUS_CLASSES[row.status] ?? 'text-zinc-400'}>{row.status}</span>
            <span className="text-zinc-300"> — {row.detail}</span>
          </li>
        ))}
      </ul>
      {result.dkim.length === 0 && <p className="text-zinc-400">DKIM: no DKIM-Signature header</p>}
      {result.notChecked.length > 0 && (
        <ul className="list-disc pl-5 text-zinc-400">
          {result.notChecked.map((note) => (
            <li key={note}>Not checked: {note}</li>
          ))}
        </ul>
      )}
    </section>
  )
}
