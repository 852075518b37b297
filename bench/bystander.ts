// Shared by the attack benches (not a bench itself): a bystander timing GET /healthz from its own
// loopback address while an attack runs, the percentiles of its samples, and a process's RSS.
import { readFileSync } from 'node:fs'
import { request } from 'node:http'

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

export interface Bystander {
  host: string
  port: number
  /** The loopback address the bystander's requests come from, apart from the attackers'. */
  localAddress: string
  /** A request slower than this counts as failed (Infinity). */
  timeoutMs: number
}

export function rssMb(pid: number): number {
  const match = /^VmRSS:\s+(\d+) kB$/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))
  return Number(match?.[1] ?? 0) / 1024
}

export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN
}

/** Milliseconds one GET /healthz took; Infinity when it failed or timed out. */
export function timeHealthz({ host, port, localAddress, timeoutMs }: Bystander): Promise<number> {
  const started = performance.now()
  return new Promise((resolve) => {
    const req = request({ host, port, path: '/healthz', localAddress, agent: false }, (res) => {
      res.resume()
      res.on('end', () => resolve(res.statusCode === 200 ? performance.now() - started : Number.POSITIVE_INFINITY))
    })
    req.setTimeout(timeoutMs, () => req.destroy())
    req.on('error', () => resolve(Number.POSITIVE_INFINITY))
    req.end()
  })
}

/** GET /healthz one after another, 50 ms apart, for `ms`: the durations. */
export async function sampleBystander(bystander: Bystander, ms: number): Promise<number[]> {
  const samples: number[] = []
  const until = performance.now() + ms
  while (performance.now() < until) {
    samples.push(await timeHealthz(bystander))
    await sleep(50)
  }
  return samples
}
