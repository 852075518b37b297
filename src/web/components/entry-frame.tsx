import type { ReactNode } from 'react'
import { type PanelProps, titleLevel } from '../lib/panel-props.ts'
import { PanelFrame } from './panel-frame.tsx'

/** The frame of a catalogue entry's panel: its icon, name and description over the panel's body. */
export function EntryFrame({ entry, variant, icon: Icon, children }: PanelProps & { children: ReactNode }) {
  return (
    <PanelFrame
      title={entry.name}
      description={entry.description}
      titleAs={titleLevel(variant)}
      icon={<Icon className="size-5" aria-hidden="true" />}
    >
      {children}
    </PanelFrame>
  )
}
