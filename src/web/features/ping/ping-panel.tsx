import { useState } from 'react'
import { pingRequest } from '../../../shared/tools/ping.ts'
import type { PanelProps } from '../../lib/panel-props.ts'
import type { LiveView } from '../tool-panel/index.ts'
import { ToolPanel } from '../tool-panel/index.ts'
import { PingFields } from './ping-fields.tsx'
import { pingView } from './ping-live.ts'
import { initialPingControls, type PingControls, readPingOptions } from './ping-options.ts'
import { PingReplies } from './ping-replies.tsx'

const live: LiveView = {
  render: (progress, answer) => <PingReplies view={pingView(progress, answer?.result)} />,
}

export function PingPanel(props: PanelProps) {
  const [controls, setControls] = useState<PingControls>(initialPingControls)
  return (
    <ToolPanel
      {...props}
      inputSchema={pingRequest.shape.input}
      fields={<PingFields controls={controls} onChange={(patch) => setControls((c) => ({ ...c, ...patch }))} />}
      readOptions={() => readPingOptions(controls)}
      live={live}
    />
  )
}
