// "Run from": this server (the panel's own run), any N connected probes, or places written like
// "DE, AS13335, Frankfurt, Europe" with the connected probes listed to tick. Native radios, select,
// text field and checkboxes, so the whole control works from the keyboard.
import { useId } from 'react'
import type { MeasurementToolId, ProbeInfo } from '../../../shared/measurements.ts'
import { Checkbox } from '../../components/checkbox.tsx'
import { Field } from '../../components/field.tsx'
import { Input, Select } from '../../components/input.tsx'
import { DEFAULT_PROBE_COUNT, hasLocation, type RunFrom, THIS_SERVER, toggleLocation } from '../../lib/run-from.ts'
import { offerProbes, probeEntry } from './probe-choices.ts'
import { probeNetwork, probeTitle } from './probe-label.ts'

export interface ProbesState {
  data?: ProbeInfo[]
  isPending: boolean
  error: Error | null
}

export interface RunFromControlProps {
  tool: MeasurementToolId
  toolName: string
  value: RunFrom
  onChange: (value: RunFrom) => void
  probes: ProbesState
}

const LOCATIONS_HINT =
  'Countries, cities, continents, regions, networks (AS13335) or probe names, separated by commas; "any" takes any probe.'

function probeLabel(probe: ProbeInfo): string {
  const network = probeNetwork(probe)
  return [probeTitle(probe), network, probe.local ? '' : probe.name].filter(Boolean).join(' · ')
}

function ProbeList({
  id,
  probes,
  unusable,
  text,
  toolName,
  onText,
}: {
  id: string
  probes: ProbeInfo[]
  unusable: ProbeInfo[]
  text: string
  toolName: string
  onText: (text: string) => void
}) {
  return (
    <fieldset className="min-w-0">
      <legend className="mb-1.5 text-sm font-medium">Connected probes</legend>
      <ul className="max-h-48 space-y-1.5 overflow-y-auto rounded-lg border border-border p-2">
        {probes.map((probe, index) => (
          <li key={probe.id}>
            <Checkbox
              id={`${id}-probe-${index}`}
              label={probeLabel(probe)}
              checked={hasLocation(text, probeEntry(probe))}
              onChange={(event) => onText(toggleLocation(text, probeEntry(probe), event.target.checked))}
            />
          </li>
        ))}
        {unusable.map((probe) => (
          <li key={probe.id} className="text-sm text-muted-foreground">
            {probeLabel(probe)} (cannot run {toolName})
          </li>
        ))}
      </ul>
    </fieldset>
  )
}

function Availability({ probes, others }: { probes: ProbesState; others: boolean }) {
  // Its line from the start (a page drawn by the server shows it before the list is asked for), so
  // the answer takes its place instead of pushing the page down.
  if (probes.isPending)
    return (
      <p role="status" className="text-sm text-muted-foreground">
        Looking for connected probes…
      </p>
    )
  if (probes.error) {
    return (
      <p role="status" className="text-sm text-muted-foreground">
        Could not list the connected probes: {probes.error.message}
      </p>
    )
  }
  if (others) return null
  return (
    <p role="status" className="text-sm text-muted-foreground">
      No probes other than this server are connected, so this tool runs from this server only.
    </p>
  )
}

export function RunFromControl({ tool, toolName, value, onChange, probes }: RunFromControlProps) {
  const id = useId()
  const offer = offerProbes(probes.data, tool)
  const count = value.mode === 'count' ? value.count : Math.min(DEFAULT_PROBE_COUNT, offer.maxCount)
  const text = value.mode === 'pick' ? value.text : ''
  const elsewhereOff = !offer.others && probes.data !== undefined
  const counts = Array.from({ length: offer.maxCount }, (_, i) => i + 1)
  const radio = 'focus-ring size-4 accent-accent'
  const option =
    'inline-flex cursor-pointer items-center gap-2 text-sm has-disabled:cursor-not-allowed has-disabled:opacity-60'
  return (
    <fieldset className="min-w-0 space-y-3 border-t border-border pt-4">
      <legend className="float-left mb-2 w-full text-sm font-medium">Run from</legend>
      <div className="clear-left flex flex-wrap gap-x-6 gap-y-2">
        <label className={option}>
          <input
            type="radio"
            name={`${id}-from`}
            className={radio}
            checked={value.mode === 'server'}
            onChange={() => onChange(THIS_SERVER)}
          />
          This server
        </label>
        <label className={option}>
          <input
            type="radio"
            name={`${id}-from`}
            className={radio}
            checked={value.mode === 'count'}
            disabled={elsewhereOff && value.mode !== 'count'}
            onChange={() => onChange({ mode: 'count', count })}
          />
          {count} {count === 1 ? 'location' : 'locations'}
        </label>
        <label className={option}>
          <input
            type="radio"
            name={`${id}-from`}
            className={radio}
            checked={value.mode === 'pick'}
            disabled={elsewhereOff && value.mode !== 'pick'}
            onChange={() => onChange({ mode: 'pick', text })}
          />
          Pick…
        </label>
      </div>
      <Availability probes={probes} others={offer.others} />
      {value.mode === 'count' && (
        <Field
          id={`${id}-count`}
          label="Number of locations"
          hint={probes.data ? `Any of the ${offer.usable.length} connected probes that can run ${toolName}` : undefined}
          className="sm:max-w-56"
        >
          <Select
            id={`${id}-count`}
            value={Number.isNaN(value.count) ? '' : value.count}
            onChange={(event) => onChange({ mode: 'count', count: Number(event.target.value) })}
          >
            {!counts.includes(value.count) && (
              <option value={Number.isNaN(value.count) ? '' : value.count}>
                {Number.isNaN(value.count) ? '—' : value.count}
              </option>
            )}
            {counts.map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </Select>
        </Field>
      )}
      {value.mode === 'pick' && (
        <div className="grid gap-4 md:grid-cols-2">
          <Field id={`${id}-locations`} label="Locations" hint={LOCATIONS_HINT}>
            <Input
              id={`${id}-locations`}
              value={text}
              placeholder="DE, AS13335, Frankfurt, Europe"
              onChange={(event) => onChange({ mode: 'pick', text: event.target.value })}
              autoComplete="off"
              autoCapitalize="off"
              spellCheck={false}
            />
          </Field>
          {probes.data && probes.data.length > 0 && (
            <ProbeList
              id={id}
              probes={offer.usable}
              unusable={offer.unusable}
              text={text}
              toolName={toolName}
              onText={(next) => onChange({ mode: 'pick', text: next })}
            />
          )}
        </div>
      )}
    </fieldset>
  )
}
