import { Suspense, useEffect, useRef, useState } from 'react'
import type { CatalogueEntry } from '../../shared/catalogue.ts'
import { PanelFrame } from '../components/panel-frame.tsx'
import { Spinner } from '../components/spinner.tsx'
import { type PanelProps, titleLevel } from '../lib/panel-props.ts'
import { manifestOf, panelFor } from './feature-manifests.tsx'

/** How close to the screen (in px) the home page's panel must come before its code loads. */
const NEAR_SCREEN_PX = 600

/**
 * True once the element comes within NEAR_SCREEN_PX of the screen. The home page's panel sits below
 * the tool grid, off a phone's first screen: its code (the tool, its form and the "Run from" choice)
 * waits until a visitor scrolls towards it or picks a tool, instead of competing with the first paint.
 */
function useNearScreen(enabled: boolean): [React.RefObject<HTMLDivElement | null>, boolean] {
  const ref = useRef<HTMLDivElement>(null)
  const [near, setNear] = useState(!enabled)
  useEffect(() => {
    if (near) return
    const element = ref.current
    if (!element || typeof IntersectionObserver === 'undefined') return setNear(true)
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true)
      },
      { rootMargin: `${NEAR_SCREEN_PX}px 0px` },
    )
    observer.observe(element)
    return () => observer.disconnect()
  }, [near])
  return [ref, near]
}

/** The panel of one catalogue entry; its title shows at once while the panel's code loads. */
export function CataloguePanel({ entry, variant }: { entry: CatalogueEntry; variant: PanelProps['variant'] }) {
  const [ref, near] = useNearScreen(variant === 'home')
  const Panel = panelFor(entry.id)
  const Icon = manifestOf(entry.id).icon
  const fallback = (
    <PanelFrame
      title={entry.name}
      description={entry.description}
      titleAs={titleLevel(variant)}
      icon={<Icon className="size-5" aria-hidden="true" />}
    >
      <div className="grid h-96 place-items-center">
        <Spinner label="Loading..." />
      </div>
    </PanelFrame>
  )
  if (!near) return <div ref={ref}>{fallback}</div>
  return (
    <Suspense fallback={fallback}>
      <Panel key={entry.id} entry={entry} variant={variant} icon={Icon} />
    </Suspense>
  )
}
