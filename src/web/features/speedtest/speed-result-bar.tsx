import { ResultActions } from '../../components/result-actions.tsx'
import { resultFileName } from '../../lib/result-export.ts'
import { speedResultText } from './speed-result-text.ts'
import type { SpeedView } from './speed-view.ts'

/**
 * The server being measured and, once the test is done, copy and download. Its height is fixed
 * from the start of a test, so neither the server's name nor the actions move what is below.
 */
export function SpeedResultBar({ view, tool }: { view: SpeedView; tool: string }) {
  if (view.status === 'idle') return null
  return (
    <div className="flex h-8 items-center justify-between gap-2">
      {view.serverLocation ? (
        <p className="min-w-0 truncate text-sm" title={view.serverLocation}>
          <span className="text-muted-foreground">Server: </span>
          <span className="font-medium">{view.serverLocation}</span>
        </p>
      ) : (
        <span />
      )}
      {view.status === 'done' && view.report && (
        <ResultActions
          text={speedResultText(view.report)}
          data={view.report}
          fileName={resultFileName(tool, '', new Date())}
        />
      )}
    </div>
  )
}
