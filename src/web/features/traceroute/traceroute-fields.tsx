import { useId } from 'react'
import { TRACEROUTE_COUNT_MAX } from '../../../shared/tools/traceroute.ts'
import { Field } from '../../components/field.tsx'
import { Input, Select } from '../../components/input.tsx'
import type { TracerouteControls } from './traceroute-options.ts'

export interface TracerouteFieldsProps {
  controls: TracerouteControls
  onChange: (patch: Partial<TracerouteControls>) => void
}

const counts = Array.from({ length: TRACEROUTE_COUNT_MAX }, (_, i) => i + 1)

export function TracerouteFields({ controls, onChange }: TracerouteFieldsProps) {
  const id = useId()
  return (
    <div className="grid gap-4 sm:grid-cols-2 md:grid-cols-4">
      <Field id={`${id}-count`} label="Probes per hop">
        <Select
          id={`${id}-count`}
          value={controls.count}
          onChange={(event) => onChange({ count: Number(event.target.value) })}
        >
          {counts.map((n) => (
            <option key={n} value={n}>
              {n}
            </option>
          ))}
        </Select>
      </Field>
      <Field id={`${id}-family`} label="IP version">
        <Select
          id={`${id}-family`}
          value={controls.family}
          onChange={(event) => onChange({ family: event.target.value as TracerouteControls['family'] })}
        >
          <option value="">Auto</option>
          <option value="4">IPv4</option>
          <option value="6">IPv6</option>
        </Select>
      </Field>
      <Field id={`${id}-protocol`} label="Probe">
        <Select
          id={`${id}-protocol`}
          value={controls.protocol}
          onChange={(event) => onChange({ protocol: event.target.value as TracerouteControls['protocol'] })}
        >
          <option value="icmp">ICMP</option>
          <option value="udp">UDP</option>
          <option value="tcp">TCP</option>
        </Select>
      </Field>
      <Field id={`${id}-port`} label="Port" hint={controls.protocol === 'tcp' ? 'Default 80' : 'Default 33434'}>
        <Input
          id={`${id}-port`}
          value={controls.port}
          disabled={controls.protocol === 'icmp'}
          onChange={(event) => onChange({ port: event.target.value })}
          inputMode="numeric"
          autoComplete="off"
        />
      </Field>
    </div>
  )
}
