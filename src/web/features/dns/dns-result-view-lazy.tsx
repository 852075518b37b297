// The DNS answer's views (the record, trace, DNSSEC and propagation tables, their icons) load after
// the panel: the DNS lookup page's first screen needs only the form, and their code would otherwise
// be fetched and evaluated in the task that starts the panel. The panel asks for them once the
// browser is idle (preloadDnsResultViews), so a first answer rarely waits for them; one that does
// shows its view a moment later.
import { lazy, Suspense } from 'react'
import type { DnsResult } from '../../../shared/tools/dns/schema.ts'
import type { TypedLiveView } from '../../lib/tool-parts.tsx'
import { whenIdle } from '../../lib/when-idle.ts'

const loadViews = () => import('./dns-result-view.tsx')

const ResultView = lazy(() => loadViews().then((m) => ({ default: m.DnsResultView })))
const LiveResult = lazy(() => loadViews().then((m) => ({ default: m.DnsLiveResult })))

/** Starts loading the views when the browser has nothing else to do. */
export function preloadDnsResultViews(): () => void {
  return whenIdle(() => void loadViews())
}

export function DnsResultView({ result }: { result: DnsResult }) {
  return (
    <Suspense fallback={null}>
      <ResultView result={result} />
    </Suspense>
  )
}

export const dnsLiveView: TypedLiveView<DnsResult> = {
  render: (progress, _answer, result) => (
    <Suspense fallback={null}>
      <LiveResult progress={progress} result={result} />
    </Suspense>
  ),
}
