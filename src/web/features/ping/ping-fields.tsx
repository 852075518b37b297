import { PING_COUNT_MAX } from '../../../shared/tools/ping/schema.ts'
import { ProbeFields } from '../../tool-panel/index.ts'
import { defaultPortHint, type PingControls } from './ping-options.ts'

export interface PingFieldsProps {
  controls: PingControls
  onChange: (patch: Partial<PingControls>) => void
}

const methods = [
  { value: 'icmp', label: 'ICMP echo' },
  { value: 'tcp', label: 'TCP connect' },
] as const

export function PingFields({ controls, onChange }: PingFieldsProps) {
  const { mode, ...rest } = controls
  return (
    <ProbeFields
      values={{ ...rest, method: mode }}
      onChange={({ method, ...patch }) => onChange(method === undefined ? patch : { ...patch, mode: method })}
      count={{ label: 'Count', max: PING_COUNT_MAX }}
      method={{ label: 'Method', choices: methods }}
      port={{ label: 'TCP port', hint: defaultPortHint, disabled: mode !== 'tcp' }}
    />
  )
}
