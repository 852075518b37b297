import type { DnsTraceStep } from '../../../shared/tools/dns.ts'

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

/** The delegation walk, one row per server asked. */
export function DnsTraceTable({ steps }: { steps: DnsTraceStep[] }) {
  return (
    <section className="space-y-2">
      <h3 className="font-sans text-sm text-zinc-300">Delegation from the root</h3>
      <div className="overflow-x-auto">
        <table className="w-full border-collapse text-left">
          <thead className="text-xs uppercase tracking-wide text-zinc-400">
            <tr>
              <th scope="col" className="py-1 pr-4 font-medium">
                Zone
              </th>
              <th scope="col" className="py-1 pr-4 font-medium">
                Server
              </th>
              <th scope="col" className="py-1 pr-4 font-medium">
                Result
              </th>
              <th scope="col" className="py-1 pr-4 font-medium">
                Details
              </th>
              <th scope="col" className="py-1 font-medium">
                Time
              </th>
            </tr>
          </thead>
          <tbody>
            {steps.map((step, index) => (
              <tr key={`${step.zone}-${step.server}-${index}`} className="border-t border-zinc-800 align-top">
                <td className="py-1 pr-4 whitespace-nowrap">{step.zone}</td>
                <td className="py-1 pr-4">
                  {step.server}
                  {step.serverName && <div className="text-xs text-zinc-400">{step.serverName}</div>}
                  {step.notes.map((note) => (
                    <div key={note} className="text-xs text-zinc-400">
                      {note}
                    </div>
                  ))}
                </td>
                <td className="py-1 pr-4 whitespace-nowrap">{outcomeText[step.outcome]}</td>
                <td className="py-1 pr-4 break-all">
                  <StepDetail step={step} />
                </td>
                <td className="py-1 tabular-nums whitespace-nowrap">
                  {step.queryTimeMs === undefined ? '' : `${step.queryTimeMs} ms`}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  )
}
