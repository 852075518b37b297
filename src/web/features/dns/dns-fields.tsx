import { useId } from 'react'
import { DNS_TYPES } from '../../../shared/tools/dns/schema.ts'
import { Checkbox } from '../../components/checkbox.tsx'
import { Field } from '../../components/field.tsx'
import { Input, Select } from '../../components/input.tsx'
import {
  ALL_DEFAULT_TYPES,
  allDefaultTypesLabel,
  type DnsControls,
  defaultTypesHint,
  OTHER_TYPE,
  otherTypeLabel,
  resolverChoices,
} from './dns-options.ts'

export interface DnsFieldsProps {
  controls: DnsControls
  onChange: (patch: Partial<DnsControls>) => void
}

export function DnsFields({ controls, onChange }: DnsFieldsProps) {
  const id = useId()
  return (
    <div className="space-y-4">
      <div className="grid gap-4 md:grid-cols-3">
        <Field id={`${id}-type`} label="Record type" hint={defaultTypesHint}>
          <Select id={`${id}-type`} value={controls.type} onChange={(event) => onChange({ type: event.target.value })}>
            <option value={ALL_DEFAULT_TYPES}>{allDefaultTypesLabel}</option>
            {DNS_TYPES.map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
            <option value={OTHER_TYPE}>{otherTypeLabel}</option>
          </Select>
        </Field>
        {controls.type === OTHER_TYPE && (
          <Field id={`${id}-other-type`} label="Other record type" hint="A type name such as ZONEMD, or TYPE65534">
            <Input
              id={`${id}-other-type`}
              value={controls.otherType}
              onChange={(event) => onChange({ otherType: event.target.value })}
              autoComplete="off"
              spellCheck={false}
            />
          </Field>
        )}
        <Field id={`${id}-resolver`} label="Public resolver">
          <Select
            id={`${id}-resolver`}
            value={controls.resolver}
            disabled={controls.trace || controls.propagation}
            onChange={(event) => onChange({ resolver: event.target.value })}
          >
            {resolverChoices.map((choice) => (
              <option key={choice.value} value={choice.value}>
                {choice.label}
              </option>
            ))}
          </Select>
        </Field>
        <Field id={`${id}-server`} label="Resolver (IP[:port])" hint="Optional: a custom server instead">
          <Input
            id={`${id}-server`}
            value={controls.server}
            disabled={controls.trace || controls.propagation}
            onChange={(event) => onChange({ server: event.target.value })}
            autoComplete="off"
            spellCheck={false}
          />
        </Field>
      </div>
      <div className="flex flex-wrap gap-x-6 gap-y-2">
        <Checkbox
          id={`${id}-trace`}
          label="Trace from the root servers"
          checked={controls.trace}
          disabled={controls.propagation}
          onChange={(event) => onChange({ trace: event.target.checked })}
        />
        <Checkbox
          id={`${id}-propagation`}
          label="Compare public resolvers and authoritative servers (propagation)"
          checked={controls.propagation}
          onChange={(event) => onChange({ propagation: event.target.checked })}
        />
        <Checkbox
          id={`${id}-dnssec`}
          label="Request DNSSEC records"
          checked={controls.dnssec}
          onChange={(event) => onChange({ dnssec: event.target.checked })}
        />
      </div>
    </div>
  )
}
