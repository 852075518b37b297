import type { DnsTraceStep } from '../../../shared/tools/dns/schema.ts'
import { type Column, DataTable } from '../../components/data-table.tsx'

const outcomeText: Record<DnsTraceStep['outcome'], string> = {
  referral: 'Referral',
  answer: 'Answer',
  nodata: 'No data',
  nxdomain: 'NXDOMAIN',
  failed: 'No usable answer',
}

function StepDetail({ step }: { step: DnsTraceStep }) {
  if (step.outcome === 'failed') return <span className="text-red-300">{step.error}</span>
  if (step.outcome === 'referral') {
    const servers = step.records.filter((r) => r.type === 'NS').map((r) => r.value)
    const signed = step.records.some((r) => r.type === 'DS')
    return (
      <>
        to <span className="text-zinc-100">{step.referral}</span> ({servers.join(', ')}){signed ? ' · DS' : ''}
      </>
    )
  }
  return <>{step.records.map((r) => `${r.type} ${r.value}`).join(', ') || '—'}</>
}

function ServerCell({ step }: { step: DnsTraceStep }) {
  return (
    <>
      {step.server}
      {step.serverName && <div className="text-xs text-zinc-400">{step.serverName}</div>}
      {step.notes.map((note) => (
        <div key={note} className="text-xs text-zinc-400">
          {note}
        </div>
      ))}
    </>
  )
}

const columns: Column<DnsTraceStep>[] = [
  { header: 'Zone', cell: (step) => step.zone, className: 'whitespace-nowrap' },
  { header: 'Server', cell: (step) => <ServerCell step={step} /> },
  { header: 'Result', cell: (step) => outcomeText[step.outcome], className: 'whitespace-nowrap' },
  { header: 'Details', cell: (step) => <StepDetail step={step} />, className: 'break-all' },
  {
    header: 'Time',
    cell: (step) => (step.queryTimeMs === undefined ? '' : `${step.queryTimeMs} ms`),
    className: 'tabular-nums whitespace-nowrap',
  },
]

/** The delegation walk, one row per server asked. */
export function DnsTraceTable({ steps }: { steps: DnsTraceStep[] }) {
  return (
    <section className="space-y-2">
      <h3 className="font-sans text-sm text-zinc-300">Delegation from the root</h3>
      <DataTable
        caption="Delegation from the root"
        captionHidden
        columns={columns}
        rows={steps}
        rowKey={(step, index) => `${step.zone}-${step.server}-${index}`}
      />
    </section>
  )
}
