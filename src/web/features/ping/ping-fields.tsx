import { useId } from 'react'
import { PING_COUNT_MAX } from '../../../shared/tools/ping.ts'
import { Field } from '../../components/field.tsx'
import { Input, Select } from '../../components/input.tsx'
import { defaultPortHint, type PingControls } from './ping-options.ts'

export interface PingFieldsProps {
  controls: PingControls
  onChange: (patch: Partial<PingControls>) => void
}

const counts = Array.from({ length: PING_COUNT_MAX }, (_, i) => i + 1)

export function PingFields({ controls, onChange }: PingFieldsProps) {
  const id = useId()
  return (
    <div className="grid gap-4 sm:grid-cols-2 md:grid-cols-4">
      <Field id={`${id}-count`} label="Count">
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
          onChange={(event) => onChange({ family: event.target.value as PingControls['family'] })}
        >
          <option value="">Auto</option>
          <option value="4">IPv4</option>
          <option value="6">IPv6</option>
        </Select>
      </Field>
      <Field id={`${id}-mode`} label="Method">
        <Select
          id={`${id}-mode`}
          value={controls.mode}
          onChange={(event) => onChange({ mode: event.target.value as PingControls['mode'] })}
        >
          <option value="icmp">ICMP echo</option>
          <option value="tcp">TCP connect</option>
        </Select>
      </Field>
      <Field id={`${id}-port`} label="TCP port" hint={defaultPortHint}>
        <Input
          id={`${id}-port`}
          value={controls.port}
          disabled={controls.mode !== 'tcp'}
          onChange={(event) => onChange({ port: event.target.value })}
          inputMode="numeric"
          autoComplete="off"
        />
      </Field>
    </div>
  )
}
