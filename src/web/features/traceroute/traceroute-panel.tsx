import { useState } from 'react'
import { tracerouteRequest } from '../../../shared/tools/traceroute.ts'
import type { PanelProps } from '../../lib/panel-props.ts'
import type { LiveView } from '../tool-panel/index.ts'
import { ToolPanel } from '../tool-panel/index.ts'
import { HopTable } from './hop-table.tsx'
import { TracerouteFields } from './traceroute-fields.tsx'
import { tracerouteView } from './traceroute-live.ts'
import { initialTracerouteControls, readTracerouteOptions, type TracerouteControls } from './traceroute-options.ts'

const live: LiveView = {
  render: (progress, answer) => <HopTable view={tracerouteView(progress, answer?.result)} />,
}

export function TraceroutePanel(props: PanelProps) {
  const [controls, setControls] = useState<TracerouteControls>(initialTracerouteControls)
  return (
    <ToolPanel
      {...props}
      inputSchema={tracerouteRequest.shape.input}
      fields={<TracerouteFields controls={controls} onChange={(patch) => setControls((c) => ({ ...c, ...patch }))} />}
      readOptions={() => readTracerouteOptions(controls)}
      live={live}
    />
  )
}
