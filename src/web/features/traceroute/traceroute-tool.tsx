import { useState } from 'react'
import { tracerouteRequest, tracerouteResult } from '../../../shared/tools/traceroute/schema.ts'
import { defineTool, type ToolPanelProps } from '../../lib/tool-parts.tsx'
import { ToolPanel, urlOptions } from '../../tool-panel/index.ts'
import { HopTable } from './hop-table.tsx'
import { TracerouteFields } from './traceroute-fields.tsx'
import { tracerouteView } from './traceroute-live.ts'
import { initialTracerouteControls, readTracerouteOptions, type TracerouteControls } from './traceroute-options.ts'

/** Traceroute: the hops drawn as mtr finds them. */
export const tool = defineTool({
  input: { schema: tracerouteRequest.shape.input },
  result: tracerouteResult,
  query: urlOptions(initialTracerouteControls, {
    count: 'count',
    family: 'family',
    protocol: 'protocol',
    port: 'port',
  }),
  live: { render: (progress, _answer, result) => <HopTable view={tracerouteView(progress, result)} /> },
})

export function Panel(props: ToolPanelProps) {
  const [controls, setControls] = useState<TracerouteControls>(initialTracerouteControls)
  return (
    <ToolPanel
      {...props}
      fields={<TracerouteFields controls={controls} onChange={(patch) => setControls((c) => ({ ...c, ...patch }))} />}
      readOptions={() => readTracerouteOptions(controls)}
      controls={{ value: controls, set: setControls }}
    />
  )
}
