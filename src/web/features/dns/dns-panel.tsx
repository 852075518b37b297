import { useState } from 'react'
import type { ToolAnswer } from '../../../shared/tools/common.ts'
import { dnsRequest, dnsResult } from '../../../shared/tools/dns.ts'
import type { PanelProps } from '../../lib/panel-props.ts'
import { ToolPanel } from '../tool-panel/index.ts'
import { DnsFields } from './dns-fields.tsx'
import { type DnsControls, initialDnsControls, readDnsOptions } from './dns-options.ts'
import { DnsRecordsTable } from './dns-records-table.tsx'

function renderRecords(answer: ToolAnswer) {
  const parsed = dnsResult.safeParse(answer.result)
  return parsed.success ? <DnsRecordsTable result={parsed.data} /> : null
}

export function DnsPanel(props: PanelProps) {
  const [controls, setControls] = useState<DnsControls>(initialDnsControls)
  return (
    <ToolPanel
      {...props}
      inputSchema={dnsRequest.shape.input}
      fields={
        <DnsFields controls={controls} onChange={(patch) => setControls((current) => ({ ...current, ...patch }))} />
      }
      readOptions={() => readDnsOptions(controls)}
      renderDetails={renderRecords}
    />
  )
}
