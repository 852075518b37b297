// CPU time and resident memory of a process, read from /proc (Linux): for benches that watch the site
// process they started.
import { readFileSync } from 'node:fs'

const TICKS_PER_SECOND = 100

export interface ProcessUsage {
  /** User plus system CPU time so far, seconds. */
  cpuSeconds: number
  rssBytes: number
}

export function processUsage(pid: number): ProcessUsage | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
    // Fields after the command name (which may hold spaces) start after its closing parenthesis.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
    const cpuTicks = Number(fields[11]) + Number(fields[12])
    const rssLine = readFileSync(`/proc/${pid}/status`, 'utf8')
      .split('\n')
      .find((line) => line.startsWith('VmRSS:'))
    const rssKb = Number(/(\d+)/.exec(rssLine ?? '')?.[1] ?? 0)
    return { cpuSeconds: cpuTicks / TICKS_PER_SECOND, rssBytes: rssKb * 1024 }
  } catch {
    return null
  }
}

/** Samples a process every `everyMs` and keeps its largest RSS. */
export function watchProcess(pid: number, everyMs = 500) {
  const first = processUsage(pid)
  let peakRss = first?.rssBytes ?? 0
  let last = first
  const timer = setInterval(() => {
    const now = processUsage(pid)
    if (!now) return
    last = now
    peakRss = Math.max(peakRss, now.rssBytes)
  }, everyMs)
  timer.unref()
  return {
    /** CPU seconds the process has used so far (until it ended, if it did). */
    cpuSeconds: () => (processUsage(pid) ?? last)?.cpuSeconds ?? 0,
    peakRss: () => peakRss,
    stop: () => clearInterval(timer),
  }
}
