import { useId, useState } from 'react'
import type { ToolAnswer } from '../../../shared/tools/common.ts'
import { DNS_TYPES, dnsRequest, dnsResult } from '../../../shared/tools/dns.ts'
import { Field } from '../../components/field.tsx'
import { Input, Select } from '../../components/input.tsx'
import type { PanelProps } from '../../lib/panel-props.ts'
import { ToolPanel } from '../tool-panel/tool-panel.tsx'
import { ALL_DEFAULT_TYPES, allDefaultTypesLabel, readDnsOptions } from './dns-options.ts'
import { DnsRecordsTable } from './dns-records-table.tsx'

function renderRecords(answer: ToolAnswer) {
  const parsed = dnsResult.safeParse(answer.result)
  return parsed.success ? <DnsRecordsTable result={parsed.data} /> : null
}

export function DnsPanel(props: PanelProps) {
  const typeId = useId()
  const serverId = useId()
  const [type, setType] = useState<string>(ALL_DEFAULT_TYPES)
  const [server, setServer] = useState('')

  const fields = (
    <div className="grid gap-4 sm:grid-cols-2">
      <Field id={typeId} label="Record type">
        <Select id={typeId} value={type} onChange={(event) => setType(event.target.value)}>
          <option value={ALL_DEFAULT_TYPES}>{allDefaultTypesLabel}</option>
          {DNS_TYPES.map((name) => (
            <option key={name} value={name}>
              {name}
            </option>
          ))}
        </Select>
      </Field>
      <Field id={serverId} label="Resolver (IP[:port])" hint="Optional. Leave empty to use the server's resolver.">
        <Input
          id={serverId}
          value={server}
          onChange={(event) => setServer(event.target.value)}
          autoComplete="off"
          spellCheck={false}
          inputMode="url"
        />
      </Field>
    </div>
  )

  return (
    <ToolPanel
      {...props}
      inputSchema={dnsRequest.shape.input}
      fields={fields}
      readOptions={() => readDnsOptions(type, server)}
      renderDetails={renderRecords}
    />
  )
}
