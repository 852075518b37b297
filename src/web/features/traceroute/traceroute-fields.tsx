import { TRACEROUTE_COUNT_MAX } from '../../../shared/tools/traceroute/schema.ts'
import { ProbeFields } from '../../tool-panel/index.ts'
import type { TracerouteControls } from './traceroute-options.ts'

export interface TracerouteFieldsProps {
  controls: TracerouteControls
  onChange: (patch: Partial<TracerouteControls>) => void
}

const protocols = [
  { value: 'icmp', label: 'ICMP' },
  { value: 'udp', label: 'UDP' },
  { value: 'tcp', label: 'TCP' },
] as const

export function TracerouteFields({ controls, onChange }: TracerouteFieldsProps) {
  const { protocol, ...rest } = controls
  return (
    <ProbeFields
      values={{ ...rest, method: protocol }}
      onChange={({ method, ...patch }) => onChange(method === undefined ? patch : { ...patch, protocol: method })}
      count={{ label: 'Probes per hop', max: TRACEROUTE_COUNT_MAX }}
      method={{ label: 'Probe', choices: protocols }}
      port={{
        label: 'Port',
        hint: protocol === 'tcp' ? 'Default 80' : 'Default 33434',
        disabled: protocol === 'icmp',
      }}
    />
  )
}
