// The "Professional Speed Test": latency, download and upload measured in the browser against our
// own server (or Cloudflare's), with live gauges and the product's progress steps and messages.
import { Play, RotateCcw, Square } from 'lucide-react'
import { useState } from 'react'
import type { SpeedServerKind } from '../../../shared/tools/speedtest/schema.ts'
import { Button } from '../../components/button.tsx'
import { PanelFrame } from '../../components/panel-frame.tsx'
import { useAuth } from '../../lib/auth-state.ts'
import { type PanelProps, titleLevel } from '../../lib/panel-props.ts'
import { LatencySpreadTable } from './latency-spread.tsx'
import { LatencyUnderLoad } from './latency-under-load.tsx'
import { MeasurementDetails } from './measurement-details.tsx'
import { PacketLossNote } from './packet-loss-note.tsx'
import { QualityScores } from './quality-scores.tsx'
import { RateChart } from './rate-chart.tsx'
import { ServerChoice } from './server-choice.tsx'
import { SpeedGauge } from './speed-gauge.tsx'
import { SpeedResultBar } from './speed-result-bar.tsx'
import { SpeedTiles } from './speed-tiles.tsx'
import type { SpeedView } from './speed-view.ts'
import { useSpeedTest } from './use-speed-test.ts'

export const PANEL_TITLE = 'Professional Speed Test'

const PHASE_LABELS: Record<string, string> = {
  server: 'Selecting server...',
  latency: 'Measuring latency...',
  download: 'Testing download...',
  upload: 'Testing upload...',
  done: 'Complete',
}

function ProgressBar({ view }: { view: SpeedView }) {
  const label =
    view.status === 'running' ? (PHASE_LABELS[view.phase ?? 'server'] ?? '') : view.status === 'done' ? 'Complete' : ''
  return (
    <div className="space-y-1">
      <div className="flex justify-between text-xs text-muted-foreground">
        <span>{label}</span>
        <span className="tabular-nums">{view.progress}%</span>
      </div>
      <div
        role="progressbar"
        aria-label="Speed test progress"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={view.progress}
        className="h-2 overflow-hidden rounded-full bg-muted"
      >
        <div
          className="h-full rounded-full bg-accent transition-[width] duration-300"
          style={{ width: `${view.progress}%` }}
        />
      </div>
    </div>
  )
}

export function SpeedtestPanel({ entry, variant, icon: Icon }: PanelProps) {
  const { user } = useAuth()
  const [server, setServer] = useState<SpeedServerKind>('ours')
  const { view, start, cancel } = useSpeedTest({ toolName: entry.name, signedIn: user !== null })
  const running = view.status === 'running'
  const gaugePhase = view.phase === 'upload' ? 'Upload' : 'Download'

  return (
    <PanelFrame
      title={PANEL_TITLE}
      description={entry.description}
      titleAs={titleLevel(variant)}
      icon={<Icon className="size-5" aria-hidden="true" />}
    >
      <div className="space-y-5">
        <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
          <ServerChoice value={server} onChange={setServer} disabled={running} />
          <div className="flex gap-2">
            {view.status === 'idle' && (
              <Button onClick={() => start(server)}>
                <Play aria-hidden="true" />
                Start Test
              </Button>
            )}
            {running && (
              <Button variant="outline" onClick={cancel}>
                <Square aria-hidden="true" />
                Cancel
              </Button>
            )}
            {view.status !== 'idle' && (
              <Button onClick={() => start(server)}>
                <RotateCcw aria-hidden="true" />
                Run Again
              </Button>
            )}
          </div>
        </div>
        {view.status !== 'idle' && <ProgressBar view={view} />}
        <SpeedResultBar view={view} tool={entry.id} />
        {(view.status === 'cancelled' || view.status === 'failed') && (
          <p
            role="alert"
            className={view.status === 'failed' ? 'text-sm text-danger' : 'text-sm text-muted-foreground'}
          >
            {view.error}
          </p>
        )}
        {running && (view.phase === 'download' || view.phase === 'upload') && (
          <SpeedGauge mbps={view.liveMbps} label={gaugePhase} />
        )}
        <SpeedTiles view={view} />
        <RateChart rates={view.rates} />
        {view.report && <QualityScores result={view.report.result} />}
        {view.report && <LatencyUnderLoad result={view.report.result} />}
        {view.report && <LatencySpreadTable result={view.report.result} />}
        {view.report && <PacketLossNote result={view.report.result} />}
        {view.report && <MeasurementDetails report={view.report} />}
        <p className="text-xs text-muted-foreground">
          Rates are reported exactly as measured between your browser and the selected server: each direction runs 4
          connections for 7 s with transfers sized to your link, and counts the bytes after a 2 s warm-up. A measurement
          cut short is marked incomplete with the reason, and one that moved nothing is shown as failed.
        </p>
      </div>
    </PanelFrame>
  )
}
