import { useId } from 'react'
import type { SpeedServerKind } from '../../../shared/tools/speedtest/schema.ts'

const OPTIONS: Array<{ kind: SpeedServerKind; label: string; hint: string }> = [
  { kind: 'ours', label: 'This site’s server', hint: 'Measures the path between you and this site.' },
  { kind: 'cloudflare', label: 'Cloudflare', hint: 'Your browser talks to speed.cloudflare.com directly.' },
]

export function ServerChoice({
  value,
  onChange,
  disabled,
}: {
  value: SpeedServerKind
  onChange(kind: SpeedServerKind): void
  disabled: boolean
}) {
  const name = useId()
  return (
    <fieldset className="flex flex-wrap gap-x-6 gap-y-2" disabled={disabled}>
      <legend className="mb-1 text-sm font-medium">Test against</legend>
      {OPTIONS.map((option) => (
        <label key={option.kind} className="flex cursor-pointer items-start gap-2 text-sm" title={option.hint}>
          <input
            type="radio"
            name={name}
            value={option.kind}
            checked={value === option.kind}
            onChange={() => onChange(option.kind)}
            className="focus-ring mt-0.5 size-4 accent-accent"
          />
          <span>
            {option.label}
            <span className="block text-xs text-muted-foreground">{option.hint}</span>
          </span>
        </label>
      ))}
    </fieldset>
  )
}
