import { useState } from 'react'
import { pingRequest, pingResult } from '../../../shared/tools/ping/schema.ts'
import { defineTool, type ToolPanelProps } from '../../lib/tool-parts.tsx'
import { ToolPanel, urlOptions } from '../../tool-panel/index.ts'
import { PingFields } from './ping-fields.tsx'
import { pingView } from './ping-live.ts'
import { initialPingControls, type PingControls, readPingOptions } from './ping-options.ts'
import { PingReplies } from './ping-replies.tsx'

/** Ping: the replies drawn as they stream in. */
export const tool = defineTool({
  input: { schema: pingRequest.shape.input },
  result: pingResult,
  query: urlOptions(initialPingControls, { count: 'count', family: 'family', mode: 'mode', port: 'port' }),
  live: { render: (progress, _answer, result) => <PingReplies view={pingView(progress, result)} /> },
})

export function Panel(props: ToolPanelProps) {
  const [controls, setControls] = useState<PingControls>(initialPingControls)
  return (
    <ToolPanel
      {...props}
      fields={<PingFields controls={controls} onChange={(patch) => setControls((c) => ({ ...c, ...patch }))} />}
      readOptions={() => readPingOptions(controls)}
      controls={{ value: controls, set: setControls }}
    />
  )
}
