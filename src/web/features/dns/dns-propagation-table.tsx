// The propagation check: every server's answer side by side, those that differ from the majority
// marked with an icon and the word "Differs" (never by colour alone), and the one-line verdict.
import { CircleAlert, CircleCheck, CircleHelp } from 'lucide-react'
import {
  answerSet,
  type DnsPropagation,
  type PropagationServer,
  propagationProgress,
} from '../../../shared/tools/dns/propagation.ts'
import { type Column, DataTable } from '../../components/data-table.tsx'
import { SoaSerialsTable } from './dns-propagation-table-soa.tsx'

type Row = PropagationServer & { pending?: boolean }

const roleText: Record<PropagationServer['role'], string> = {
  authoritative: 'Authoritative',
  resolver: 'Public resolver',
}

function Agreement({ row }: { row: Row }) {
  if (row.pending) return <span className="text-zinc-400">Asking…</span>
  if (row.state !== 'answered') {
    return (
      <span className="inline-flex items-center gap-1 text-zinc-300">
        <CircleHelp aria-hidden className="size-4 shrink-0" />
        No answer
      </span>
    )
  }
  if (row.agrees === false) {
    return (
      <span className="inline-flex items-center gap-1 font-semibold text-amber-200">
        <CircleAlert aria-hidden className="size-4 shrink-0" />
        Differs
      </span>
    )
  }
  if (row.agrees === true) {
    return (
      <span className="inline-flex items-center gap-1 text-emerald-200">
        <CircleCheck aria-hidden className="size-4 shrink-0" />
        Majority
      </span>
    )
  }
  return <span className="text-zinc-300">—</span>
}

function answerText(type: string, row: Row): string {
  if (row.pending) return ''
  if (row.state !== 'answered') return row.error ?? 'No reply'
  return answerSet(type, row.rcode ?? 'NOERROR', row.answers).answer
}

function columns(type: string): Column<Row>[] {
  return [
    {
      header: 'Server',
      rowHeader: true,
      cell: (row) => (
        <>
          {row.name}
          <div className="text-xs text-zinc-400">
            {roleText[row.role]}
            {row.server && row.server !== row.name.replace(/^Resolver /, '') ? ` · ${row.server}` : ''}
          </div>
        </>
      ),
    },
    { header: 'Agreement', cell: (row) => <Agreement row={row} />, className: 'whitespace-nowrap' },
    { header: 'Answer', cell: (row) => answerText(type, row), className: 'break-all' },
    { header: 'TTL', cell: (row) => row.ttl ?? '', className: 'tabular-nums' },
    { header: 'Rcode', cell: (row) => row.rcode ?? '', className: 'whitespace-nowrap' },
    {
      header: 'Time',
      cell: (row) => (row.queryTimeMs === undefined ? '' : `${row.queryTimeMs} ms`),
      className: 'tabular-nums whitespace-nowrap',
    },
  ]
}

function PropagationTable({ type, rows }: { type: string; rows: Row[] }) {
  return (
    <DataTable
      caption={`Answers for ${type} by server`}
      captionHidden
      columns={columns(type)}
      rows={rows}
      rowKey={(row, index) => `${row.role}-${row.name}-${row.server}-${index}`}
      rowClassName={(row) => (row.agrees === false ? 'bg-amber-950/60' : '')}
    />
  )
}

/** The finished check: the verdict, the answer groups, the table and the zone's SOA serials. */
export function DnsPropagationView({ name, propagation }: { name: string; propagation: DnsPropagation }) {
  const p = propagation
  return (
    <section className="space-y-3" aria-label="Propagation">
      <h3 className="font-sans text-sm text-zinc-300">
        Propagation of <span className="font-mono text-zinc-100">{name}</span> {p.type}
        {p.zone && <> · zone {p.zone}</>}
      </h3>
      <p className="font-sans text-sm text-zinc-100" data-testid="propagation-verdict">
        {p.verdict}
      </p>
      {p.authorityError && (
        <p className="font-sans text-sm text-amber-200">Authoritative servers not asked: {p.authorityError}</p>
      )}
      {p.groups.length > 1 && (
        <ul className="space-y-1 font-sans text-sm text-zinc-300">
          {p.groups.map((g) => (
            <li key={g.key}>
              {g.majority ? 'Majority' : 'Other answer'}: <span className="text-zinc-100">{g.answer}</span> (
              {g.servers.length} {g.servers.length === 1 ? 'server' : 'servers'})
            </li>
          ))}
        </ul>
      )}
      <PropagationTable type={p.type} rows={p.servers} />
      {p.soa && <SoaSerialsTable soa={p.soa} />}
    </section>
  )
}

/** Rows from the progress events: every server about to be asked, filled in as each answers. */
export function foldPropagationProgress(events: unknown[]): { type: string; rows: Row[] } {
  const rows: Row[] = []
  let type = ''
  for (const raw of events) {
    const parsed = propagationProgress.safeParse(raw)
    if (!parsed.success) continue
    if ('propagationPending' in parsed.data) {
      type = parsed.data.type
      for (const s of parsed.data.propagationPending)
        rows.push({ ...s, state: 'no-answer', answers: [], pending: true })
      continue
    }
    const done = parsed.data.propagationServer
    const at = rows.findIndex((r) => r.pending && r.name === done.name && r.server === done.server)
    if (at === -1) rows.push(done)
    else rows[at] = done
  }
  return { type, rows }
}

/** The table while the check runs; null until the first event says which servers are asked. */
export function DnsPropagationLive({ progress }: { progress: unknown[] }) {
  const { type, rows } = foldPropagationProgress(progress)
  if (rows.length === 0) return null
  const waiting = rows.filter((r) => r.pending).length
  return (
    <section className="space-y-2" aria-label="Propagation">
      <p className="font-sans text-sm text-zinc-300">
        {waiting > 0 ? `Waiting for ${waiting} of ${rows.length} servers…` : `All ${rows.length} servers settled`}
      </p>
      <PropagationTable type={type} rows={rows} />
    </section>
  )
}
