import { Suspense } from 'react'
import type { CatalogueEntry } from '../../shared/catalogue.ts'
import { PanelFrame } from '../components/panel-frame.tsx'
import { Spinner } from '../components/spinner.tsx'
import { type PanelProps, titleLevel } from '../lib/panel-props.ts'
import { manifestOf, panelFor } from './tool-manifest.tsx'

/** The panel of one catalogue entry; its title shows at once while the panel's code loads. */
export function CataloguePanel({ entry, variant }: { entry: CatalogueEntry; variant: PanelProps['variant'] }) {
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
  return (
    <Suspense fallback={fallback}>
      <Panel key={entry.id} entry={entry} variant={variant} icon={Icon} />
    </Suspense>
  )
}
