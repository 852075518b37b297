import { ArrowDown, ArrowUp, Timer, Waves } from 'lucide-react'
import type { ReactNode } from 'react'
import { SPEED_MESSAGES } from './engine/constants.ts'
import { formatMbps, formatMs, type SpeedView } from './speed-view.ts'

type MeasureKey = 'download' | 'upload' | 'ping' | 'jitter'

const TILES: Array<{
  key: MeasureKey
  label: string
  unit: string
  icon: ReactNode
  errorKey: 'download' | 'upload' | 'latency'
}> = [
  { key: 'download', label: 'Download', unit: 'Mbps', icon: <ArrowDown aria-hidden="true" />, errorKey: 'download' },
  { key: 'upload', label: 'Upload', unit: 'Mbps', icon: <ArrowUp aria-hidden="true" />, errorKey: 'upload' },
  { key: 'ping', label: 'Ping', unit: 'ms', icon: <Timer aria-hidden="true" />, errorKey: 'latency' },
  { key: 'jitter', label: 'Jitter', unit: 'ms', icon: <Waves aria-hidden="true" />, errorKey: 'latency' },
]

const FAILED_TEXT = {
  latency: SPEED_MESSAGES.latencyFailed,
  download: SPEED_MESSAGES.downloadFailed,
  upload: SPEED_MESSAGES.uploadFailed,
} as const

/**
 * The text a measure shows: its value (and why it is incomplete, when its phase stopped early), its
 * failure, or a dash while not yet measured.
 */
function describeMeasure(
  view: SpeedView,
  key: MeasureKey,
  errorKey: 'download' | 'upload' | 'latency',
): { value: string; failed?: string; incomplete?: string } {
  const value = view[key]
  if (value === null) return { value: 'Failed', failed: view.report?.result.errors[errorKey] ?? FAILED_TEXT[errorKey] }
  const incomplete = key === 'download' || key === 'upload' ? view.report?.result.incomplete?.[key] : undefined
  if (value !== undefined && incomplete) return { value: formatMbps(value), incomplete }
  if (value === undefined) {
    const live = view.phase === key && view.liveMbps !== undefined ? formatMbps(view.liveMbps) : undefined
    return { value: live ?? '–' }
  }
  return { value: key === 'download' || key === 'upload' ? formatMbps(value) : formatMs(value) }
}

export function SpeedTiles({ view }: { view: SpeedView }) {
  return (
    <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
      {TILES.map(({ key, label, unit, icon, errorKey }) => {
        const shown = describeMeasure(view, key, errorKey)
        const active =
          view.status === 'running' && view.phase === (key === 'ping' || key === 'jitter' ? 'latency' : key)
        return (
          <div
            key={key}
            className={[
              'rounded-xl border p-3 [&_svg]:size-4',
              active ? 'border-accent bg-accent-soft' : 'border-border bg-muted/40',
            ].join(' ')}
          >
            <dt className="flex items-center gap-1.5 text-xs font-medium text-muted-foreground">
              {icon}
              {label}
            </dt>
            <dd className="mt-1">
              <span className={['text-2xl font-semibold tabular-nums', shown.failed ? 'text-danger' : ''].join(' ')}>
                {shown.value}
              </span>
              {!shown.failed && shown.value !== '–' && <span className="text-sm text-muted-foreground"> {unit}</span>}
              {shown.failed && <span className="mt-1 block text-xs text-danger">{shown.failed}</span>}
              {shown.incomplete && (
                <span className="mt-1 block text-xs text-amber-800 dark:text-amber-200">
                  Incomplete: {shown.incomplete}
                </span>
              )}
            </dd>
          </div>
        )
      })}
    </dl>
  )
}
