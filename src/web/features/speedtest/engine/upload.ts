// Upload: one POST of random bytes per size, UPLOAD_PAUSE_MS apart; a transfer that took less than
// MIN_UPLOAD_SECONDS is ignored; the best rate wins.
import { MIN_UPLOAD_SECONDS, SPEED_MESSAGES, UPLOAD_PAUSE_MS, UPLOAD_SIZES } from './constants.ts'
import type { SpeedEndpoints } from './endpoints.ts'
import type { SpeedEnvironment } from './environment.ts'
import { toMbps } from './statistics.ts'
import { describeFailure, tryUrls, uploadBody } from './transfer.ts'

export interface UploadTransfer {
  bytes: number
  status: 'measured' | 'ignored' | 'failed'
  mbps?: number
  seconds?: number
  error?: string
}

export interface UploadResult {
  mbps: number | null
  transfers: UploadTransfer[]
  error?: string
}

export async function measureUpload(
  env: SpeedEnvironment,
  endpoints: SpeedEndpoints,
  signal: AbortSignal,
  onRate: (mbps: number) => void = () => undefined,
): Promise<UploadResult> {
  const payload = env.randomBytes(Math.max(...UPLOAD_SIZES))
  const transfers: UploadTransfer[] = []
  for (const [index, bytes] of UPLOAD_SIZES.entries()) {
    if (index > 0) await env.sleep(UPLOAD_PAUSE_MS, signal)
    const body = payload.slice(0, bytes)
    const started = env.now()
    try {
      await tryUrls(endpoints.uploadUrls(), signal, (url) => uploadBody(env, url, body, signal))
    } catch (error) {
      if (signal.aborted) throw signal.reason
      transfers.push({ bytes, status: 'failed', error: describeFailure(error) })
      continue
    }
    const seconds = (env.now() - started) / 1000
    if (seconds < MIN_UPLOAD_SECONDS) {
      transfers.push({ bytes, status: 'ignored', seconds })
      continue
    }
    const mbps = toMbps(bytes, seconds * 1000)
    transfers.push({ bytes, status: 'measured', seconds, mbps })
    onRate(mbps)
  }
  const rates = transfers.flatMap((t) => (t.mbps === undefined ? [] : [t.mbps]))
  if (rates.length === 0) return { mbps: null, transfers, error: SPEED_MESSAGES.uploadFailed }
  return { mbps: Math.max(...rates), transfers }
}
