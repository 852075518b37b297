// What a Lighthouse run saw the page do while loading, for bench/lighthouse.ts: total blocking
// time, the JavaScript the page fetched (count, bytes over the wire and unpacked), the main
// thread's long tasks (Lighthouse's simulated durations, 4x slowed on mobile) and the scripts that
// cost the most CPU. Lighthouse's mobile model scales the host's own CPU time, so a slower host
// shows longer tasks: each task is also shown normalised to a host of benchmarkIndex 2000 (the
// class the model assumes; its duration × index / 2000), with the blocking time that gives.
import { availableParallelism, loadavg } from 'node:os'

/** The host speed Lighthouse's mobile model is calibrated for (see test/e2e/lighthouse.test.ts). */
export const REFERENCE_INDEX = 2000
const BLOCKING_AFTER_MS = 50

interface Audit {
  numericValue?: number
  details?: object
}

interface Report {
  audits: Record<string, Audit | undefined>
}

/** The rows of an audit's table (an audit without one has none). */
function items(lhr: Report, id: string): Array<Record<string, unknown>> {
  const details = lhr.audits[id]?.details
  const rows = details && 'items' in details ? details.items : undefined
  return Array.isArray(rows) ? rows : []
}
const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`
const ms = (value: number) => `${Math.round(value)} ms`
/** A same-origin URL without its origin: /assets/x.js. */
const shortUrl = (url: unknown) => (typeof url === 'string' ? url.replace(/^https?:\/\/[^/]+/, '') : String(url))

/** The 1-minute load average beside the core count: a figure for the bench's output line. */
export function loadAverage(): string {
  return `${(loadavg()[0] ?? 0).toFixed(2)}/${availableParallelism()} cores`
}

/** Lines describing the page's load in one Lighthouse run on a host of the given benchmarkIndex. */
export function describeLoad(lhr: Report, benchmarkIndex: number): string[] {
  const scripts = items(lhr, 'network-requests').filter((r) => r.resourceType === 'Script')
  const transferred = scripts.reduce((sum, r) => sum + Number(r.transferSize ?? 0), 0)
  const unpacked = scripts.reduce((sum, r) => sum + Number(r.resourceSize ?? 0), 0)
  const longTasks = items(lhr, 'long-tasks').map((t) => ({
    url: shortUrl(t.url),
    start: Number(t.startTime),
    duration: Number(t.duration),
  }))
  const scale = benchmarkIndex / REFERENCE_INDEX
  // Total blocking time counts the tasks from the first paint to the page's interactive point.
  const firstPaint = lhr.audits['first-contentful-paint']?.numericValue ?? 0
  const interactive = lhr.audits.interactive?.numericValue ?? Number.POSITIVE_INFINITY
  const blockingTasks = longTasks.filter((t) => t.start + t.duration > firstPaint && t.start < interactive)
  const normalisedBlocking = blockingTasks.reduce(
    (sum, t) => sum + Math.max(0, t.duration * scale - BLOCKING_AFTER_MS),
    0,
  )
  const bootup = items(lhr, 'bootup-time')
    .slice(0, 4)
    .map((b) => `${shortUrl(b.url)} ${ms(Number(b.total))} (script ${ms(Number(b.scripting))})`)
  const work = items(lhr, 'mainthread-work-breakdown')
    .slice(0, 4)
    .map((w) => `${w.group} ${ms(Number(w.duration))}`)
  return [
    `total blocking time ${ms(lhr.audits['total-blocking-time']?.numericValue ?? 0)}; from the long tasks listed, rescaled to index ${REFERENCE_INDEX}: ${ms(normalisedBlocking)} (an estimate: Lighthouse simulates the list and the total apart)`,
    `JavaScript: ${scripts.length} files, ${kib(transferred)} transferred, ${kib(unpacked)} unpacked`,
    `long tasks: ${longTasks.length === 0 ? 'none' : longTasks.map((t) => `${ms(t.duration)} (${ms(t.duration * scale)} at ${REFERENCE_INDEX}) ${t.url}`).join(', ')}`,
    `CPU by script: ${bootup.join(', ')}`,
    `main thread: ${work.join(', ')}`,
  ]
}
