import {
  type BlacklistResult,
  hasSeveralTargets,
  listingsByTarget,
  summarySentence,
} from '../../../shared/tools/blacklist/schema.ts'
import { STATUS_LABELS, sortRows } from './zone-status.ts'
import { ZoneTable } from './zone-table.tsx'

function Count({ status, count }: { status: keyof typeof STATUS_LABELS; count: number }) {
  const label = STATUS_LABELS[status]
  return (
    <span className={`rounded-md px-2 py-0.5 font-sans text-xs ${label.className}`}>
      {count} {label.text.toLowerCase()}
    </span>
  )
}

/** The summary counts and every list's verdict, listed ones first. */
export function BlacklistResultView({ result }: { result: BlacklistResult }) {
  const { summary } = result
  return (
    <div className="space-y-3 border-b border-zinc-800 pb-4">
      <p className="flex flex-wrap items-center gap-2 font-sans text-sm text-zinc-300">
        <span className="font-mono text-zinc-100">{result.host}</span>
        <span>· {summarySentence(summary)}</span>
        <Count status="listed" count={summary.listed} />
        <Count status="clean" count={summary.clean} />
        {summary.unverified > 0 && <Count status="unverified" count={summary.unverified} />}
        {summary.allowed > 0 && <Count status="allowed" count={summary.allowed} />}
      </p>
      {summary.listed > 0 && <p className="font-sans text-sm text-red-300">Listed: {listingsByTarget(result.rows)}</p>}
      <ZoneTable rows={sortRows(result.rows)} showTarget={hasSeveralTargets(result.rows)} />
    </div>
  )
}
