// A monitor's or a check's state: an icon and the word, in a colour that reads at AA contrast in both
// themes. The word carries the meaning; icon and colour only repeat it.
import { CircleCheck, CirclePause, CircleQuestionMark, type LucideIcon, TriangleAlert } from 'lucide-react'
import type { MonitorState } from '../../../shared/monitors.ts'
import { STATE_WORDS } from './monitor-text.ts'

const looks: Record<MonitorState, { icon: LucideIcon; className: string }> = {
  ok: { icon: CircleCheck, className: 'border-success/40 text-success' },
  problem: { icon: TriangleAlert, className: 'border-danger/50 text-danger' },
  unknown: { icon: CircleQuestionMark, className: 'border-border text-muted-foreground' },
  paused: { icon: CirclePause, className: 'border-border text-muted-foreground' },
}

export function StateBadge({ state }: { state: MonitorState }) {
  const { icon: Icon, className } = looks[state]
  return (
    <span
      className={`inline-flex items-center gap-1 rounded-full border px-2 py-0.5 text-xs font-medium whitespace-nowrap ${className}`}
      data-state={state}
    >
      <Icon aria-hidden="true" className="size-3.5" />
      {STATE_WORDS[state]}
    </span>
  )
}
