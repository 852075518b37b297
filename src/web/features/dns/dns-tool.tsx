import { useState } from 'react'
import { dnsRequest, dnsResult } from '../../../shared/tools/dns.ts'
import { defineTool, type ToolPanelProps } from '../../lib/tool-manifest.tsx'
import { ToolPanel } from '../tool-panel/index.ts'
import { DnsFields } from './dns-fields.tsx'
import { type DnsControls, initialDnsControls, readDnsOptions } from './dns-options.ts'
import { DnsRecordsTable } from './dns-records-table.tsx'

/** DNS lookup: any record type from our resolver or a chosen server, or the delegation walk. */
export const tool = defineTool({ input: { schema: dnsRequest.shape.input }, result: dnsResult, View: DnsRecordsTable })

export function Panel(props: ToolPanelProps) {
  const [controls, setControls] = useState<DnsControls>(initialDnsControls)
  return (
    <ToolPanel
      {...props}
      fields={
        <DnsFields controls={controls} onChange={(patch) => setControls((current) => ({ ...current, ...patch }))} />
      }
      readOptions={() => readDnsOptions(controls)}
    />
  )
}
