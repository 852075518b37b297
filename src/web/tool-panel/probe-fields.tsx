// The option fields of a probe tool (ping, traceroute): how many probes, the IP version, the
// method and its port.
import { useId } from 'react'
import { Field } from '../components/field.tsx'
import { Input, Select } from '../components/input.tsx'

export type IpVersionChoice = '' | '4' | '6'

export interface ProbeValues<M extends string> {
  count: number
  /** "" lets the address decide. */
  family: IpVersionChoice
  method: M
  port: string
}

export interface ProbeFieldsProps<M extends string> {
  values: ProbeValues<M>
  onChange: (patch: Partial<ProbeValues<M>>) => void
  count: { label: string; max: number }
  method: { label: string; choices: readonly { value: M; label: string }[] }
  port: { label: string; hint: string; disabled: boolean }
}

export function ProbeFields<M extends string>({ values, onChange, count, method, port }: ProbeFieldsProps<M>) {
  const id = useId()
  const counts = Array.from({ length: count.max }, (_, i) => i + 1)
  return (
    <div className="grid gap-4 sm:grid-cols-2 md:grid-cols-4">
      <Field id={`${id}-count`} label={count.label}>
        <Select
          id={`${id}-count`}
          value={values.count}
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
          value={values.family}
          onChange={(event) => onChange({ family: event.target.value as IpVersionChoice })}
        >
          <option value="">Auto</option>
          <option value="4">IPv4</option>
          <option value="6">IPv6</option>
        </Select>
      </Field>
      <Field id={`${id}-method`} label={method.label}>
        <Select
          id={`${id}-method`}
          value={values.method}
          onChange={(event) => onChange({ method: event.target.value as M })}
        >
          {method.choices.map((choice) => (
            <option key={choice.value} value={choice.value}>
              {choice.label}
            </option>
          ))}
        </Select>
      </Field>
      <Field id={`${id}-port`} label={port.label} hint={port.hint}>
        <Input
          id={`${id}-port`}
          value={values.port}
          disabled={port.disabled}
          onChange={(event) => onChange({ port: event.target.value })}
          inputMode="numeric"
          autoComplete="off"
        />
      </Field>
    </div>
  )
}
