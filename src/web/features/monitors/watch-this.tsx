// "Watch this" under a tool's result: for a signed-in account it opens the small form that turns the
// run into a monitor; a visitor learns that monitors need an account, with links to sign in or up.
import { Eye } from 'lucide-react'
import { lazy, Suspense, useId, useState } from 'react'
import type { ToolAnswer } from '../../../shared/tools/common.ts'
import { Button } from '../../components/button.tsx'
import { Spinner } from '../../components/spinner.tsx'
import { useAuth } from '../auth/index.ts'
import { NeedsAccount } from './needs-account.tsx'
import { watchableKind } from './watchable.ts'

const WatchForm = lazy(() => import('./watch-form.tsx'))

export function WatchThis({ answer }: { answer: ToolAnswer | undefined }) {
  const id = useId()
  const { user, loading } = useAuth()
  const [open, setOpen] = useState(false)
  const kind = answer ? watchableKind(answer) : null
  if (!answer?.runId || !kind || loading) return null
  const runAnswer = { ...answer, runId: answer.runId }
  return (
    <div className="mt-3 rounded-xl border border-border bg-card p-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm text-muted-foreground">Get an alert when this result changes.</p>
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
      </div>
      {open && (
        <section id={`${id}-watch`} aria-label="Watch this result" className="mt-4 border-t border-border pt-4">
          {user ? (
            <Suspense fallback={<Spinner label="Loading..." />}>
              <WatchForm key={answer.runId} answer={runAnswer} kind={kind} onCancel={() => setOpen(false)} />
            </Suspense>
          ) : (
            <NeedsAccount />
          )}
        </section>
      )}
    </div>
  )
}
