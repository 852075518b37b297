import { useState } from 'react'
import type { ToolAnswer } from '../../../shared/tools/common.ts'
import { pingRequest } from '../../../shared/tools/ping.ts'
import type { PanelProps } from '../../lib/panel-props.ts'
import { StreamingToolPanel } from '../tool-panel/streaming-tool-panel.tsx'
import { PingFields } from './ping-fields.tsx'
import { pingView } from './ping-live.ts'
import { initialPingControls, type PingControls, readPingOptions } from './ping-options.ts'
import { PingReplies } from './ping-replies.tsx'

function renderLive(progress: unknown[], answer: ToolAnswer | undefined) {
  return <PingReplies view={pingView(progress, answer?.result)} />
}

export function PingPanel(props: PanelProps) {
  const [controls, setControls] = useState<PingControls>(initialPingControls)
  return (
    <StreamingToolPanel
      {...props}
      inputSchema={pingRequest.shape.input}
      fields={<PingFields controls={controls} onChange={(patch) => setControls((c) => ({ ...c, ...patch }))} />}
      readOptions={() => readPingOptions(controls)}
      renderLive={renderLive}
    />
  )
}
