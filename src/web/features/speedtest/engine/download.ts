// Download: each stage opens its connections at once, each fetching the stage's byte count. A
// stage's rate is all bytes received over the time from its start until its last connection ended;
// stages whose connections averaged MIN_STAGE_AVERAGE_MS or less are ignored; the best stage wins.
import {
  DOWNLOAD_PAUSE_MS,
  DOWNLOAD_STAGES,
  type DownloadStage,
  MIN_STAGE_AVERAGE_MS,
  SPEED_MESSAGES,
} from './constants.ts'
import type { SpeedEndpoints } from './endpoints.ts'
import type { SpeedEnvironment } from './environment.ts'
import { toMbps } from './statistics.ts'
import { describeFailure, downloadBody, tryUrls } from './transfer.ts'

/** How often the live rate is reported while bytes arrive. */
export const LIVE_RATE_INTERVAL_MS = 200

export interface StageOutcome extends DownloadStage {
  status: 'measured' | 'ignored' | 'failed'
  mbps?: number
  averageMs?: number
  error?: string
}

export interface DownloadResult {
  /** The best measured stage; null when none could be measured. */
  mbps: number | null
  stages: StageOutcome[]
  error?: string
}

interface Connection {
  bytes: number
  ms: number
  endedAt: number
}

async function runStage(
  env: SpeedEnvironment,
  endpoints: SpeedEndpoints,
  stage: DownloadStage,
  signal: AbortSignal,
  onRate: (mbps: number) => void,
): Promise<StageOutcome> {
  const started = env.now()
  let received = 0
  let reportedAt = started
  const onBytes = (count: number) => {
    received += count
    const now = env.now()
    if (now - reportedAt < LIVE_RATE_INTERVAL_MS) return
    reportedAt = now
    onRate(toMbps(received, now - started))
  }
  const connect = async (): Promise<Connection> => {
    const opened = env.now()
    const bytes = await tryUrls(endpoints.downloadUrls(stage.bytes), signal, (url) =>
      downloadBody(env, url, signal, onBytes),
    )
    const endedAt = env.now()
    return { bytes, ms: endedAt - opened, endedAt }
  }
  const settled = await Promise.allSettled(Array.from({ length: stage.connections }, connect))
  if (signal.aborted) throw signal.reason
  const connections: Connection[] = []
  for (const outcome of settled) {
    if (outcome.status === 'rejected') return { ...stage, status: 'failed', error: describeFailure(outcome.reason) }
    connections.push(outcome.value)
  }
  const averageMs = connections.reduce((sum, c) => sum + c.ms, 0) / connections.length
  if (averageMs <= MIN_STAGE_AVERAGE_MS) return { ...stage, status: 'ignored', averageMs }
  const bytes = connections.reduce((sum, c) => sum + c.bytes, 0)
  const wallMs = Math.max(...connections.map((c) => c.endedAt)) - started
  return { ...stage, status: 'measured', averageMs, mbps: toMbps(bytes, wallMs) }
}

export async function measureDownload(
  env: SpeedEnvironment,
  endpoints: SpeedEndpoints,
  signal: AbortSignal,
  onRate: (mbps: number) => void = () => undefined,
  stages: readonly DownloadStage[] = DOWNLOAD_STAGES,
): Promise<DownloadResult> {
  const outcomes: StageOutcome[] = []
  for (const [index, stage] of stages.entries()) {
    if (index > 0) await env.sleep(DOWNLOAD_PAUSE_MS, signal)
    const outcome = await runStage(env, endpoints, stage, signal, onRate)
    outcomes.push(outcome)
    if (outcome.mbps !== undefined) onRate(outcome.mbps)
  }
  const rates = outcomes.flatMap((o) => (o.mbps === undefined ? [] : [o.mbps]))
  if (rates.length === 0) return { mbps: null, stages: outcomes, error: SPEED_MESSAGES.downloadFailed }
  return { mbps: Math.max(...rates), stages: outcomes }
}
