// What the panel shows, folded from the engine's updates. A measure is undefined until measured,
// null when it failed (the engine's reason is then in `report.result.errors`).
import type { SpeedPhase, SpeedTestReport, SpeedUpdate } from './engine/run-speed-test.ts'

export type SpeedTestStatus = 'idle' | 'running' | 'done' | 'cancelled' | 'failed'

export interface RatePoint {
  phase: 'download' | 'upload'
  mbps: number
}

export interface SpeedView {
  status: SpeedTestStatus
  progress: number
  phase: SpeedPhase | null
  serverLocation?: string
  ping?: number | null
  jitter?: number | null
  download?: number | null
  upload?: number | null
  liveMbps?: number
  latencySamples: number[]
  rates: RatePoint[]
  report?: SpeedTestReport
  error?: string
}

export const idleView: SpeedView = { status: 'idle', progress: 0, phase: null, latencySamples: [], rates: [] }

export function startView(): SpeedView {
  return { ...idleView, status: 'running', phase: 'server' }
}

export function applyUpdate(view: SpeedView, update: SpeedUpdate): SpeedView {
  const next: SpeedView = { ...view, phase: update.phase }
  if (update.progress !== undefined) next.progress = update.progress
  if (update.serverLocation !== undefined) next.serverLocation = update.serverLocation
  if (update.latencySample !== undefined) next.latencySamples = [...view.latencySamples, update.latencySample]
  for (const key of ['ping', 'jitter', 'download', 'upload'] as const) {
    if (update[key] !== undefined) next[key] = update[key]
  }
  if (update.liveMbps !== undefined && (update.phase === 'download' || update.phase === 'upload')) {
    next.liveMbps = update.liveMbps
    next.rates = [...view.rates, { phase: update.phase, mbps: update.liveMbps }]
  }
  if (update.phase !== view.phase) next.liveMbps = update.liveMbps
  return next
}

export function finishView(view: SpeedView, report: SpeedTestReport): SpeedView {
  const { download, upload, ping, jitter } = report.result
  return {
    ...view,
    status: 'done',
    progress: 100,
    phase: 'done',
    download,
    upload,
    ping,
    jitter,
    liveMbps: undefined,
    report,
  }
}

export function stopView(view: SpeedView, status: 'cancelled' | 'failed', error: string): SpeedView {
  return { ...view, status, error, liveMbps: undefined }
}

export function formatMbps(value: number): string {
  return value >= 100 ? value.toFixed(0) : value >= 10 ? value.toFixed(1) : value.toFixed(2)
}

export function formatMs(value: number): string {
  return value >= 100 ? value.toFixed(0) : value.toFixed(1)
}
