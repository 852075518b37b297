// An outside site in a frame. A frame that has not loaded within FRAME_PATIENCE_MS (the site is
// down, slow, or refuses to be framed) gives way to a clear message and the "Open in new tab"
// action instead of a grey broken page; a hint under the frame offers the same at any time, since
// a browser shows a site's refusal to be framed as a loaded page the app cannot tell apart.
import { type ReactNode, useEffect, useState } from 'react'

export const FRAME_PATIENCE_MS = 6000

export function EmbeddedFrame({ url, title, openLink }: { url: string; title: string; openLink: ReactNode }) {
  const [state, setState] = useState<'loading' | 'loaded' | 'gave-up'>('loading')
  useEffect(() => {
    setState('loading')
    const timer = setTimeout(() => setState((s) => (s === 'loading' ? 'gave-up' : s)), FRAME_PATIENCE_MS)
    return () => clearTimeout(timer)
  }, [])
  const host = new URL(url).host
  if (state === 'gave-up') {
    return (
      <div role="status" className="flex flex-col items-start gap-3 rounded-xl border border-border bg-muted/40 p-6">
        <p className="font-medium">{host} did not load here.</p>
        <p className="text-sm text-muted-foreground">
          It may be down or slow, or it may not allow other sites to show it in a frame. Open it in a new tab instead.
        </p>
        {openLink}
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
        onLoad={() => setState('loaded')}
      />
      <p className="text-xs text-muted-foreground">
        Frame empty or showing an error? {host} may refuse to be shown inside other sites: use Open in new tab.
      </p>
    </div>
  )
}
