// The controls of a bulk run's options, chosen once for the batch (bulk-options.ts): native selects,
// inputs and a checkbox, each with its label, so the keyboard works them as everywhere else.
import { type ReactNode, useId } from 'react'
import type { BulkToolId } from '../../../shared/bulk-tools.ts'
import { RESOLVER_OPTIONS } from '../../../shared/tools/dns/public-resolvers.ts'
import { DNS_DEFAULT_TYPES, DNS_TYPES } from '../../../shared/tools/dns/schema.ts'
import { PING_COUNT_MAX, TCP_PING_DEFAULT_PORT } from '../../../shared/tools/ping/schema.ts'
import { Checkbox } from '../../components/checkbox.tsx'
import { Field } from '../../components/field.tsx'
import { Input, Select } from '../../components/input.tsx'
import type { BulkControls } from './bulk-options.ts'

interface BulkOptionFieldsProps {
  tool: BulkToolId
  controls: BulkControls
  disabled: boolean
  onChange: (patch: Partial<BulkControls>) => void
}

function DnsOptionFields({ controls, disabled, onChange }: Omit<BulkOptionFieldsProps, 'tool'>) {
  const id = useId()
  return (
    <div className="space-y-3">
      <div className="grid gap-4 md:grid-cols-3">
        <Field id={`${id}-type`} label="Record type" hint={`Default: ${DNS_DEFAULT_TYPES.join(', ')}`}>
          <Select
            id={`${id}-type`}
            value={controls.type}
            disabled={disabled}
            onChange={(e) => onChange({ type: e.target.value })}
          >
            <option value="">All default types</option>
            {DNS_TYPES.map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
          </Select>
        </Field>
        <Field id={`${id}-resolver`} label="Public resolver">
          <Select
            id={`${id}-resolver`}
            value={controls.resolver}
            disabled={disabled}
            onChange={(e) => onChange({ resolver: e.target.value })}
          >
            {RESOLVER_OPTIONS.map((choice) => (
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
            disabled={disabled}
            onChange={(e) => onChange({ server: e.target.value })}
            autoComplete="off"
            spellCheck={false}
          />
        </Field>
      </div>
      <Checkbox
        id={`${id}-dnssec`}
        label="Request DNSSEC records"
        checked={controls.dnssec}
        disabled={disabled}
        onChange={(e) => onChange({ dnssec: e.target.checked })}
      />
    </div>
  )
}

function SslOptionFields({ controls, disabled, onChange }: Omit<BulkOptionFieldsProps, 'tool'>) {
  const id = useId()
  return (
    <Field
      id={`${id}-port`}
      label="Port"
      hint="For every input written without :port (default 443)"
      className="max-w-48"
    >
      <Input
        id={`${id}-port`}
        inputMode="numeric"
        placeholder="443"
        value={controls.port}
        disabled={disabled}
        onChange={(e) => onChange({ port: e.target.value })}
        autoComplete="off"
      />
    </Field>
  )
}

const methods = [
  { value: 'icmp', label: 'ICMP echo' },
  { value: 'tcp', label: 'TCP connect' },
] as const

function PingOptionFields({ controls, disabled, onChange }: Omit<BulkOptionFieldsProps, 'tool'>) {
  const id = useId()
  return (
    <div className="grid gap-4 md:grid-cols-3">
      <Field id={`${id}-count`} label="Count" hint={`Probes per input, 1 to ${PING_COUNT_MAX}`}>
        <Input
          id={`${id}-count`}
          inputMode="numeric"
          value={controls.count}
          disabled={disabled}
          onChange={(e) => onChange({ count: e.target.value })}
          autoComplete="off"
        />
      </Field>
      <Field id={`${id}-method`} label="Method">
        <Select
          id={`${id}-method`}
          value={controls.mode}
          disabled={disabled}
          onChange={(e) => onChange({ mode: e.target.value === 'tcp' ? 'tcp' : 'icmp' })}
        >
          {methods.map((method) => (
            <option key={method.value} value={method.value}>
              {method.label}
            </option>
          ))}
        </Select>
      </Field>
      <Field id={`${id}-port`} label="TCP port" hint={`Default ${TCP_PING_DEFAULT_PORT}`}>
        <Input
          id={`${id}-port`}
          inputMode="numeric"
          placeholder={String(TCP_PING_DEFAULT_PORT)}
          value={controls.port}
          disabled={disabled || controls.mode !== 'tcp'}
          onChange={(e) => onChange({ port: e.target.value })}
          autoComplete="off"
        />
      </Field>
    </div>
  )
}

type OptionFields = (props: Omit<BulkOptionFieldsProps, 'tool'>) => ReactNode

/** The fields of each tool that has options in bulk; the others have none. */
const FIELDS: Partial<Record<BulkToolId, OptionFields>> = {
  dns: DnsOptionFields,
  ssl: SslOptionFields,
  ping: PingOptionFields,
}

/** The options of the tool's bulk runs, in a group named for them; nothing for a tool without options. */
export function BulkOptionFields({ tool, ...props }: BulkOptionFieldsProps) {
  const Fields = FIELDS[tool]
  if (!Fields) return null
  return (
    <fieldset className="space-y-2">
      <legend className="text-sm font-medium text-foreground">Options for every input</legend>
      <Fields {...props} />
    </fieldset>
  )
}
