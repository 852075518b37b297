import { Suspense } from 'react'
import { PanelFrame } from '../components/panel-frame.tsx'
import { Spinner } from '../components/spinner.tsx'
import { ToolIcon } from '../components/tool-icon.tsx'
import { type PanelProps, titleLevel } from '../lib/panel-props.ts'
import { panelFor } from './panels.tsx'

/** The panel of one catalogue entry; its title shows at once while the panel's code loads. */
export function CataloguePanel({ entry, variant }: PanelProps) {
  const Panel = panelFor(entry)
  const fallback = (
    <PanelFrame
      title={entry.name}
      description={entry.description}
      titleAs={titleLevel(variant)}
      icon={<ToolIcon id={entry.id} />}
    >
      <div className="grid h-96 place-items-center">
        <Spinner label="Loading..." />
      </div>
    </PanelFrame>
  )
  return (
    <Suspense fallback={fallback}>
      <Panel key={entry.id} entry={entry} variant={variant} />
    </Suspense>
  )
}
