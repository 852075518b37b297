import type { ReactNode } from 'react'
import { type PanelProps, titleLevel } from '../lib/panel-props.ts'
import { PanelFrame } from './panel-frame.tsx'
import { ToolIcon } from './tool-icon.tsx'

/** The frame of a catalogue entry's panel: its icon, name and description over the panel's body. */
export function EntryFrame({ entry, variant, children }: PanelProps & { children: ReactNode }) {
  return (
    <PanelFrame
      title={entry.name}
      description={entry.description}
      titleAs={titleLevel(variant)}
      icon={<ToolIcon id={entry.id} />}
    >
      {children}
    </PanelFrame>
  )
}
