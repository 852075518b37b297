import { useEffect, useState } from 'react'
import { DNS_TYPES, dnsRequest, dnsResult } from '../../../shared/tools/dns/schema.ts'
import { defineTool, type OptionsQuery, type ToolPanelProps } from '../../lib/tool-parts.tsx'
import { ToolPanel, urlOptions } from '../../tool-panel/index.ts'
import { DnsFields } from './dns-fields.tsx'
import { ALL_DEFAULT_TYPES, type DnsControls, initialDnsControls, OTHER_TYPE, readDnsOptions } from './dns-options.ts'
import { DnsResultView, dnsLiveView, preloadDnsResultViews } from './dns-result-view-lazy.tsx'

const dnsQueryFields = urlOptions(initialDnsControls, {
  type: 'type',
  resolver: 'resolver',
  server: 'server',
  trace: 'trace',
  dnssec: 'dnssec',
  propagation: 'propagation',
})

/** `?type=` names any record type: one the picker lists is chosen there, another fills "Other type". */
const dnsQuery: OptionsQuery<DnsControls> = {
  read(params) {
    const controls = dnsQueryFields.read(params)
    const type = controls.type.toUpperCase()
    if (type === ALL_DEFAULT_TYPES || (DNS_TYPES as readonly string[]).includes(type)) return { ...controls, type }
    return { ...controls, type: OTHER_TYPE, otherType: controls.type }
  },
  write: (controls) =>
    dnsQueryFields.write(controls.type === OTHER_TYPE ? { ...controls, type: controls.otherType.trim() } : controls),
}

/** DNS lookup: any record type from our resolver or a chosen server, or the delegation walk. */
export const tool = defineTool({
  input: { schema: dnsRequest.shape.input },
  result: dnsResult,
  View: DnsResultView,
  live: dnsLiveView,
  query: dnsQuery,
})

export function Panel(props: ToolPanelProps) {
  const [controls, setControls] = useState<DnsControls>(initialDnsControls)
  useEffect(preloadDnsResultViews, [])
  return (
    <ToolPanel
      {...props}
      fields={
        <DnsFields controls={controls} onChange={(patch) => setControls((current) => ({ ...current, ...patch }))} />
      }
      readOptions={() => readDnsOptions(controls)}
      controls={{ value: controls, set: setControls }}
    />
  )
}
