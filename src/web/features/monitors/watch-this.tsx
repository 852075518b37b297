// "Watch this" under a watchable tool's output: for a signed-in account it opens the small form that
// turns the run into a monitor; a visitor learns that monitors need an account, with links to sign in
// or up. It is offered for a failed run too (an alert when the target works again is what people
// most want then). The row is there before the first result too (saying what it will offer), and
// its words follow the run: before it, after a success, after a failure.
import { Eye } from 'lucide-react'
import { lazy, Suspense, useId, useState } from 'react'
import type { ToolAnswer } from '../../../shared/tools/tool-answer.ts'
import { Button } from '../../components/button.tsx'
import { Spinner } from '../../components/spinner.tsx'
import { useAuth } from '../../lib/auth-state.ts'
import { NeedsAccount } from './needs-account.tsx'
import { kindOfTool, watchableKind } from './watchable.ts'

const WatchForm = lazy(() => import('./watch-form.tsx'))

/** Why the answer on screen cannot be watched, or null when it can. */
export function unwatchableReason(answer: ToolAnswer | undefined): string | null {
  if (!answer) return 'Run the check, then watch its result.'
  if (answer.failureSource === 'policy') return 'A target the policy refuses cannot be watched.'
  if (!answer.runId) return 'This run was not stored, so it cannot be watched.'
  return null
}

/** What watching offers for the answer on screen: the row's words before a run and after one. */
export function watchOffer(answer: ToolAnswer | undefined): string {
  const reason = unwatchableReason(answer)
  if (reason !== null) return reason
  return answer?.status === 'failed'
    ? 'This check failed. Watch it to get an alert when it works again.'
    : 'Get an alert when this result changes.'
}

export interface WatchThisProps {
  /** The catalogue id of the tool whose output this row sits under. */
  tool: string
  /** The finished answer on screen, if any. */
  answer: ToolAnswer | undefined
}

export function WatchThis({ tool, answer }: WatchThisProps) {
  const id = useId()
  const { user, loading } = useAuth()
  const [open, setOpen] = useState(false)
  if (!kindOfTool(tool)) return null
  const kind = answer ? watchableKind(answer) : null
  return (
    <div className="mt-3 rounded-xl border border-border bg-card p-3">
      <div className="flex min-h-10 items-center justify-between gap-3">
        <p className="min-w-0 text-sm text-muted-foreground">{watchOffer(answer)}</p>
        {kind && (
          <Button
            variant="outline"
            size="sm"
            aria-expanded={open}
            aria-controls={`${id}-watch`}
            onClick={() => setOpen((o) => !o)}
          >
            <Eye aria-hidden="true" />
            Watch this
          </Button>
        )}
      </div>
      {open && kind && answer?.runId && (
        <section id={`${id}-watch`} aria-label="Watch this result" className="mt-4 border-t border-border pt-4">
          {loading ? (
            <Spinner label="Loading..." />
          ) : user ? (
            <Suspense fallback={<Spinner label="Loading..." />}>
              <WatchForm answer={{ ...answer, runId: answer.runId }} kind={kind} onCancel={() => setOpen(false)} />
            </Suspense>
          ) : (
            <NeedsAccount />
          )}
        </section>
      )}
    </div>
  )
}
