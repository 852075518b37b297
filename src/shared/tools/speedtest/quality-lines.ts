// A speed test's quality figures as text lines, the same in "Copy" and in the history: the spread
// of the round trips, the latency requests that failed or timed out, packet loss and the quality
// ratings. Results saved before these figures existed have none of them, and get no lines.
import type { LatencyRequestCount, LatencySpread, QualityInput, QualityScore, SpeedTestResult } from './schema.ts'

/** The quality inputs by name, as the result view and the text lines write them. */
export const QUALITY_INPUT_LABELS: Readonly<Record<QualityInput, string>> = {
  download: 'Download',
  upload: 'Upload',
  latency: 'Idle latency',
  latencyIncrease: 'Latency increase under load',
  jitter: 'Jitter',
  packetLoss: 'Packet loss',
}

const USES = [
  ['streaming', 'Streaming'],
  ['gaming', 'Gaming'],
  ['videoCalls', 'Video calls'],
] as const

const ms = (value: number) => (value >= 100 ? value.toFixed(0) : value.toFixed(1))

const PHASES = [
  ['idle', 'Idle latency'],
  ['download', 'Latency during download'],
  ['upload', 'Latency during upload'],
] as const

function spreadLine(label: string, spread: LatencySpread): string {
  const { min, p25, median, p75, p90, max, samples } = spread
  const figures = `min ${ms(min)}, p25 ${ms(p25)}, median ${ms(median)}, p75 ${ms(p75)}, p90 ${ms(p90)}, max ${ms(max)} ms`
  return `${label} spread (${samples} sample${samples === 1 ? '' : 's'}): ${figures}`
}

function requestsText(count: LatencyRequestCount): string {
  const timedOut = count.timedOut > 0 ? `, ${count.timedOut} timed out` : ''
  return `${count.failed} of ${count.sent} failed${timedOut}`
}

export function latencySpreadLines(result: SpeedTestResult): string[] {
  const lines: string[] = []
  for (const [phase, label] of PHASES) {
    const spread = result.percentiles?.[phase]
    if (spread) lines.push(spreadLine(label, spread))
  }
  const requests = result.latencyRequests
  if (requests) {
    const parts = PHASES.flatMap(([phase]) => {
      const count = requests[phase]
      return count ? [`${phase === 'idle' ? 'idle' : `during ${phase}`} ${requestsText(count)}`] : []
    })
    if (parts.length > 0) lines.push(`Latency requests: ${parts.join('; ')} (a failed request is not packet loss)`)
  }
  return lines
}

/** Loss that was not measured says so with the reason; it is never written as 0 %. */
export function packetLossLine(result: SpeedTestResult): string[] {
  return result.packetLoss ? [`Packet loss: not measured — ${result.packetLoss.reason}`] : []
}

const lower = (input: QualityInput) => QUALITY_INPUT_LABELS[input].toLowerCase()

function scoreLine(label: string, score: QualityScore): string {
  const rating =
    score.rating === null
      ? 'not rated (nothing it depends on was measured)'
      : score.rating === 'Great'
        ? 'Great'
        : `${score.rating} (set by ${score.limitedBy.map(lower).join(', ')})`
  // Loss's reason has its own line: here it is just "not measured".
  const notJudged = score.notJudged.map(
    (n) => `${lower(n.input)} (${n.reason.startsWith('not measured') ? 'not measured' : n.reason})`,
  )
  return `${label}: ${rating}${notJudged.length > 0 ? `; not judged: ${notJudged.join(', ')}` : ''}`
}

export function qualityScoreLines(result: SpeedTestResult): string[] {
  const { quality } = result
  return quality ? USES.map(([use, label]) => scoreLine(label, quality[use])) : []
}

export function speedQualityLines(result: SpeedTestResult): string[] {
  return [...latencySpreadLines(result), ...packetLossLine(result), ...qualityScoreLines(result)]
}
