// An outside site in a frame. A browser shows a frame that failed (site down, unreachable, blocked)
// as a grey error page and still fires its load event, so the frame's own events cannot tell; a
// credential-less request to the site can: when it fails, or when the frame has not loaded within
// FRAME_PATIENCE_MS, the frame gives way to a clear message and the "Open in new tab" action.
import { RotateCw } from 'lucide-react'
import { type ReactNode, useEffect, useState } from 'react'
import { Button } from '../../components/button.tsx'

export const FRAME_PATIENCE_MS = 8000

type FrameState = 'loading' | 'loaded' | 'unreachable' | 'slow'

export interface EmbeddedFrameProps {
  url: string
  title: string
  /** The "Open in new tab" link, also offered when the frame cannot be shown. */
  openLink: ReactNode
}

/** Whether the site answers at all: an opaque answer is enough, a network error is not. */
function useFrameState(url: string): [FrameState, () => void] {
  const [state, setState] = useState<FrameState>('loading')
  useEffect(() => {
    const controller = new AbortController()
    const timer = setTimeout(() => setState((s) => (s === 'loading' ? 'slow' : s)), FRAME_PATIENCE_MS)
    fetch(url, {
      mode: 'no-cors',
      credentials: 'omit',
      cache: 'no-store',
      referrerPolicy: 'no-referrer',
      signal: controller.signal,
    }).catch(() => {
      if (!controller.signal.aborted) setState('unreachable')
    })
    return () => {
      clearTimeout(timer)
      controller.abort()
    }
  }, [url])
  const loaded = () => setState((s) => (s === 'loading' ? 'loaded' : s))
  return [state, loaded]
}

function FrameAttempt({ url, title, openLink, onRetry }: EmbeddedFrameProps & { onRetry(): void }) {
  const [state, loaded] = useFrameState(url)
  const host = new URL(url).host
  if (state === 'unreachable' || state === 'slow') {
    return (
      <div role="status" className="flex flex-col items-start gap-3 rounded-xl border border-border bg-muted/40 p-6">
        <p className="font-medium">{host} cannot be shown here.</p>
        <p className="text-sm text-muted-foreground">
          {state === 'unreachable'
            ? `Your browser could not reach ${host}: the site may be down, or blocked on your network.`
            : `${host} did not load within ${FRAME_PATIENCE_MS / 1000} seconds: it may be slow or down, or it may not allow other sites to show it.`}{' '}
          Open it in a new tab instead.
        </p>
        <div className="flex flex-wrap gap-2">
          {openLink}
          <Button variant="ghost" onClick={onRetry}>
            <RotateCw aria-hidden="true" />
            Try again
          </Button>
        </div>
      </div>
    )
  }
  return (
    <div className="space-y-2">
      <iframe
        src={url}
        title={title}
        referrerPolicy="no-referrer"
        sandbox="allow-scripts allow-same-origin allow-forms allow-popups"
        className="h-[600px] w-full rounded-xl border border-border bg-white"
        aria-busy={state === 'loading'}
        onLoad={loaded}
      />
      <p className="text-xs text-muted-foreground">
        {state === 'loading'
          ? `Loading ${host}…`
          : `Frame empty or showing an error? ${host} may refuse to be shown inside other sites: use Open in new tab.`}
      </p>
    </div>
  )
}

export function EmbeddedFrame(props: EmbeddedFrameProps) {
  const [attempt, setAttempt] = useState(0)
  return <FrameAttempt key={attempt} {...props} onRetry={() => setAttempt((n) => n + 1)} />
}
