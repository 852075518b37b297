import { lazy, Suspense, useEffect, useMemo, useRef, useState } from 'react'
import { useSearchParams } from 'react-router'
import { catalogue, findEntry } from '../../../shared/catalogue.ts'
import { CataloguePanel } from '../../catalogue/catalogue-panel.tsx'
import { BackToTop } from '../../components/back-to-top.tsx'
import { Spinner } from '../../components/spinner.tsx'
import { useAuth } from '../../lib/auth-state.ts'
import { toolPath } from '../../lib/routes.ts'
import { scrollIntoViewSoon } from '../../lib/scroll.ts'
import { filterByQuery } from '../../lib/search-catalogue.ts'
import { focusFirstFieldSoon } from './focus-first-field.ts'
import { Hero } from './hero.tsx'
import { ToolCard } from './tool-card.tsx'
import { ToolSearch } from './tool-search.tsx'

const DEFAULT_TOOL = 'ping'
/** The History card has no page of its own; its panel's code loads when it is opened. */
const historyCard = { id: 'history', name: 'History', description: 'Your saved tool results' } as const
const HistoryPanel = lazy(() => import('./history-section.tsx').then((m) => ({ default: m.HistorySection })))
const cards = [...catalogue, historyCard]

export function HomePage() {
  const { user, loading } = useAuth()
  const [searchParams] = useSearchParams()
  const historyRequested = searchParams.get('history') === 'true'
  const [selectedId, setSelectedId] = useState(historyRequested ? historyCard.id : DEFAULT_TOOL)
  const [query, setQuery] = useState('')
  const panelRef = useRef<HTMLDivElement>(null)
  const cancelScroll = useRef<() => void>(() => undefined)
  /** Counts the choices of a tool; each one moves the focus to the chosen panel once it is drawn. */
  const [choices, setChoices] = useState(0)
  const visible = useMemo(() => filterByQuery(cards, query), [query])

  useEffect(() => () => cancelScroll.current(), [])
  useEffect(() => {
    if (choices > 0) return focusFirstFieldSoon(() => panelRef.current)
  }, [choices])
  useEffect(() => {
    if (!historyRequested || loading) return
    setSelectedId(historyCard.id)
    return scrollIntoViewSoon(() => panelRef.current)
  }, [historyRequested, loading])

  function select(id: string) {
    setSelectedId(id)
    setChoices((n) => n + 1)
    cancelScroll.current()
    cancelScroll.current = scrollIntoViewSoon(() => panelRef.current)
  }

  // The hero shows at once (the server's HTML already had it); the tools wait for the sign-in state.
  if (loading)
    return (
      <div className="space-y-10">
        <Hero signedIn={null} />
        <p className="py-24 text-center text-muted-foreground">Loading...</p>
      </div>
    )

  const selectedEntry = findEntry(selectedId)
  return (
    <div className="space-y-10">
      <Hero signedIn={user !== null} />
      <ToolSearch value={query} onChange={setQuery} />
      <section aria-label="Tools">
        {visible.length === 0 ? (
          <p className="py-10 text-center text-sm text-muted-foreground">No tools match "{query.trim()}".</p>
        ) : (
          <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 md:grid-cols-4 lg:grid-cols-6 2xl:grid-cols-8">
            {visible.map((card) => (
              <ToolCard
                key={card.id}
                id={card.id}
                name={card.name}
                description={card.description}
                href={'route' in card ? toolPath(card) : undefined}
                selected={card.id === selectedId}
                onSelect={() => select(card.id)}
              />
            ))}
          </ul>
        )}
      </section>
      {/* At least a screen high, so the panel can always be scrolled to the top while its code loads. */}
      <div ref={panelRef} className="min-h-[calc(100svh-5rem)] scroll-mt-20" data-testid="selected-panel">
        {selectedEntry ? (
          <CataloguePanel key={selectedEntry.id} entry={selectedEntry} variant="home" />
        ) : (
          <Suspense fallback={<Spinner label="Loading..." />}>
            <HistoryPanel signedIn={user !== null} loading={loading} />
          </Suspense>
        )}
      </div>
      <BackToTop />
    </div>
  )
}
