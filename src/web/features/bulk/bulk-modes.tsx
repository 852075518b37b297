// The two modes of a lookup tool's page: one input (the tool's own panel) or many (bulk), chosen by
// `?mode=bulk` so that a link can open either.
import { lazy, type ReactNode, Suspense } from 'react'
import { Link, useLocation } from 'react-router'
import type { BulkToolId } from '../../../shared/bulk.ts'
import { buttonClass } from '../../components/button.tsx'
import { Spinner } from '../../components/spinner.tsx'
import type { PanelProps } from '../../lib/panel-props.ts'

// Most visits use one input: the bulk panel's code loads when the page switches to it.
const BulkPanel = lazy(() => import('./bulk-panel.tsx').then((m) => ({ default: m.BulkPanel })))

export function BulkModes({ single, tool, ...props }: PanelProps & { tool: BulkToolId; single: ReactNode }) {
  const location = useLocation()
  if (props.variant !== 'page') return single
  const bulk = new URLSearchParams(location.search).get('mode') === 'bulk'
  const mode = (on: boolean) => buttonClass({ variant: on ? 'secondary' : 'ghost', size: 'sm' })
  return (
    <div className="space-y-3">
      <nav aria-label="Mode" className="flex gap-2">
        <Link to={{ search: '' }} className={mode(!bulk)} aria-current={bulk ? undefined : 'page'}>
          Single
        </Link>
        <Link to={{ search: '?mode=bulk' }} className={mode(bulk)} aria-current={bulk ? 'page' : undefined}>
          Bulk
        </Link>
      </nav>
      {bulk ? (
        <Suspense fallback={<Spinner label="Loading bulk mode..." />}>
          <BulkPanel {...props} tool={tool} />
        </Suspense>
      ) : (
        single
      )}
    </div>
  )
}
