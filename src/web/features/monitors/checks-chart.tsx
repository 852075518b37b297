// The measured value of one monitor over the last 24 hours, 7 or 30 days, as a chart with its table.
import { useId, useState } from 'react'
import type { MonitorCheck, MonitorKind } from '../../../shared/monitors.ts'
import type { ChartPoint } from './chart-scale.ts'
import { countsWhole, formatValue, STATE_WORDS, VALUE_TITLES } from './monitor-text.ts'
import { messageOf, useChecks } from './use-monitors.ts'
import { ValueChart } from './value-chart.tsx'

const PERIODS = [
  { hours: 24, label: '24 hours' },
  { hours: 24 * 7, label: '7 days' },
  { hours: 24 * 30, label: '30 days' },
] as const

/** The chart's points: a check's verdict and summary become its note; hourly points say how many checks they stand for. */
export function checkPoints(checks: readonly MonitorCheck[]): ChartPoint[] {
  return checks.map((check) => ({
    at: new Date(check.time),
    value: check.value,
    note: `${STATE_WORDS[check.state]}: ${check.summary}${check.count > 1 ? ` (${check.count} checks)` : ''}`,
  }))
}

export function ChecksChart({ monitorId, kind }: { monitorId: string; kind: MonitorKind }) {
  const id = useId()
  const [hours, setHours] = useState<number>(24)
  const checks = useChecks(monitorId, hours)
  return (
    <div className="space-y-4">
      <fieldset className="flex flex-wrap items-center gap-x-4 gap-y-2 text-sm">
        <legend className="sr-only">Period</legend>
        <span aria-hidden="true" className="text-muted-foreground">
          Period:
        </span>
        {PERIODS.map((period) => (
          <label
            key={period.hours}
            htmlFor={`${id}-${period.hours}`}
            className="inline-flex cursor-pointer items-center gap-1.5"
          >
            <input
              id={`${id}-${period.hours}`}
              type="radio"
              name={`${id}-period`}
              className="focus-ring size-4 accent-accent"
              checked={hours === period.hours}
              onChange={() => setHours(period.hours)}
            />
            Last {period.label}
          </label>
        ))}
      </fieldset>
      {checks.isPending && <p className="text-sm text-muted-foreground">Loading checks...</p>}
      {checks.isError && (
        <p role="alert" className="text-sm font-medium text-danger">
          {messageOf(checks.error, 'Could not load the checks')}
        </p>
      )}
      {checks.data && (
        <ValueChart
          title={VALUE_TITLES[kind]}
          points={checkPoints(checks.data)}
          formatValue={(value) => formatValue(kind, value)}
          whole={countsWhole(kind)}
          missingText="no value measured"
          noteHeader="Result"
        />
      )}
    </div>
  )
}
