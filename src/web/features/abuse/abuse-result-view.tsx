import { type AbuseResult, categoriesText } from '../../../shared/tools/abuse/schema.ts'
import { summarySentence } from '../../../shared/tools/blacklist/schema.ts'
import { type Column, DataTable } from '../../components/data-table.tsx'
import { RISK_STYLES } from './risk-styles.ts'

const evidenceColumns: Column<AbuseResult['evidence'][number]>[] = [
  {
    header: 'Points',
    cell: (item) => (item.points > 0 ? `+${item.points}` : '0'),
    className: 'text-right tabular-nums',
  },
  { header: 'Source', cell: (item) => item.source, className: 'whitespace-nowrap' },
  { header: 'Finding', cell: (item) => item.detail, className: 'break-words text-zinc-300' },
]

function Fact({ label, value }: { label: string; value: string | null }) {
  return (
    <div>
      <dt className="font-sans text-xs uppercase tracking-wide text-zinc-400">{label}</dt>
      <dd className={value ? 'break-all' : 'text-zinc-500'}>{value ?? 'unknown'}</dd>
    </div>
  )
}

const UNSCORED_BADGE = 'bg-amber-500/15 text-amber-200 ring-1 ring-amber-500/40'

function Score({ score, badge, reputation }: { score: number | null; badge: string; reputation: string }) {
  if (score === null) {
    return (
      <p className="flex flex-wrap items-center gap-3 font-sans">
        <span className={`rounded-md px-2 py-0.5 text-sm ${UNSCORED_BADGE}`}>{reputation}</span>
      </p>
    )
  }
  return (
    <>
      <p className="flex flex-wrap items-center gap-3 font-sans">
        <span className="font-mono text-2xl text-zinc-100 tabular-nums">{score}</span>
        <span className="text-sm text-zinc-400">/ 100</span>
        <span className={`rounded-md px-2 py-0.5 text-xs ${badge}`}>{reputation}</span>
      </p>
      <meter className="sr-only" min={0} max={100} value={score} aria-label="Abuse score">
        {score} of 100
      </meter>
    </>
  )
}

/** The score on its 0-100 bar (or why there is none), the advice, who runs the address, the sources and evidence. */
export function AbuseResultView({ result }: { result: AbuseResult }) {
  const style = result.riskLevel ? RISK_STYLES[result.riskLevel] : null
  return (
    <div className="space-y-4 border-b border-zinc-800 pb-4">
      <div className="space-y-2">
        <Score score={result.abuseScore} badge={style?.badge ?? UNSCORED_BADGE} reputation={result.reputation} />
        {style && result.abuseScore !== null && (
          <div className="h-2 overflow-hidden rounded bg-zinc-800" aria-hidden="true">
            <div className={`h-full ${style.bar}`} style={{ width: `${result.abuseScore}%` }} />
          </div>
        )}
        <p className="font-sans text-sm text-zinc-200">{result.advice}</p>
      </div>
      <dl className="grid gap-3 sm:grid-cols-2">
        <Fact label="ISP / organisation" value={result.ispInfo.org} />
        <Fact label="Country" value={result.ispInfo.country} />
        <Fact label="Abuse contact" value={result.ispInfo.abuseEmail} />
        <Fact label="Last reported" value={result.lastSeen} />
        <Fact label="Categories" value={categoriesText(result)} />
        <Fact label="Block lists" value={summarySentence(result.blacklists)} />
      </dl>
      <ul className="space-y-1 font-sans text-sm" aria-label="Sources">
        {result.sources.map((source) => (
          <li key={source.source} className="flex flex-wrap gap-2">
            <span className={source.status === 'checked' ? 'text-emerald-300' : 'text-amber-200'}>
              {source.status === 'checked' ? 'Checked' : 'Not checked'}
            </span>
            <span className="text-zinc-100">{source.source}:</span>
            <span className="break-words text-zinc-300">{source.detail}</span>
          </li>
        ))}
      </ul>
      <DataTable
        caption="Evidence"
        headerHidden
        columns={evidenceColumns}
        rows={result.evidence}
        rowKey={(item) => `${item.source}-${item.detail}`}
        empty="No source reports this address."
      />
    </div>
  )
}
