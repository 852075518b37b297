import { useState } from 'react'
import type { ToolAnswer } from '../../../shared/tools/common.ts'
import { tracerouteRequest } from '../../../shared/tools/traceroute.ts'
import type { PanelProps } from '../../lib/panel-props.ts'
import { StreamingToolPanel } from '../tool-panel/streaming-tool-panel.tsx'
import { HopTable } from './hop-table.tsx'
import { TracerouteFields } from './traceroute-fields.tsx'
import { tracerouteView } from './traceroute-live.ts'
import { initialTracerouteControls, readTracerouteOptions, type TracerouteControls } from './traceroute-options.ts'

function renderLive(progress: unknown[], answer: ToolAnswer | undefined) {
  return <HopTable view={tracerouteView(progress, answer?.result)} />
}

export function TraceroutePanel(props: PanelProps) {
  const [controls, setControls] = useState<TracerouteControls>(initialTracerouteControls)
  return (
    <StreamingToolPanel
      {...props}
      inputSchema={tracerouteRequest.shape.input}
      fields={<TracerouteFields controls={controls} onChange={(patch) => setControls((c) => ({ ...c, ...patch }))} />}
      readOptions={() => readTracerouteOptions(controls)}
      renderLive={renderLive}
    />
  )
}
