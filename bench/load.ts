// Load on the real server (a child process on loopback): DNS lookups against a loopback Knot at
// twice the tool-run rate limit (RATE_LIMIT_TOOLS_PER_MINUTE, read from the same config the server
// uses), plus GET /api/ip, /healthz and /api/speed/ping (no rate limit of their own) at a steady
// background rate. Prints per endpoint the requests, 2xx, 429 and 5xx counts (5xx must be zero),
// p50/p99 latency of the allowed requests against an unloaded reference measured first in the same
// run, and the server's RSS at start, middle and end (it should stay flat).
// Run: node bench/load.ts [seconds=60] [background requests/s per endpoint=50]
import { type ChildProcess, spawn } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { loadConfig } from '../src/server/config.ts'
import { startKnot } from '../test/support/dns/knot.ts'
import { freePort } from '../test/support/net/ports.ts'

interface Instance extends PromiseLike<unknown> {
  on(event: 'response', listener: (client: unknown, status: number, bytes: number, ms: number) => void): void
}
type Autocannon = (options: Record<string, unknown>) => Instance
const autocannon = createRequire(import.meta.url)('autocannon') as Autocannon

const seconds = Number(process.argv[2] ?? 60)
const backgroundRate = Number(process.argv[3] ?? 50)
const repoRoot = path.resolve(import.meta.dirname, '..')
const HOST = '127.0.0.1'

interface Target {
  name: string
  path: string
  method: 'GET' | 'POST'
  body?: string
  rate: number
}

interface Tally {
  total: number
  ok: number
  limited: number
  failed: number
  other: number
  allowedMs: number[]
}

function percentile(values: number[], p: number): number {
  if (values.length === 0) return Number.NaN
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN
}

function rssMb(pid: number): number {
  const match = /^VmRSS:\s+(\d+) kB$/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))
  return Number(match?.[1] ?? 0) / 1024
}

async function startServer(env: Record<string, string>): Promise<{ child: ChildProcess; base: string }> {
  const port = await freePort(HOST)
  const child = spawn(process.execPath, [path.join(repoRoot, 'src/server/server.ts')], {
    cwd: repoRoot,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, ...env, PORT: String(port), HOST, LOG_LEVEL: 'warn' },
  })
  const base = `http://${HOST}:${port}`
  for (let i = 0; i < 300; i++) {
    if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode})`)
    const ready = await fetch(`${base}/healthz`).then(
      (r) => r.ok,
      () => false,
    )
    if (ready) return { child, base }
    await new Promise((r) => setTimeout(r, 100))
  }
  child.kill()
  throw new Error('the server did not answer /healthz')
}

/** Drives one endpoint; `duration` in seconds or `amount` requests (sequential reference). */
async function drive(base: string, target: Target, run: { duration?: number; amount?: number }): Promise<Tally> {
  const tally: Tally = { total: 0, ok: 0, limited: 0, failed: 0, other: 0, allowedMs: [] }
  const instance = autocannon({
    url: `${base}${target.path}`,
    method: target.method,
    body: target.body,
    headers: target.body ? { 'content-type': 'application/json' } : {},
    connections: run.amount ? 1 : Math.max(1, Math.min(4, Math.ceil(target.rate))),
    ...(run.amount ? { amount: run.amount } : { duration: run.duration, overallRate: target.rate }),
  })
  instance.on('response', (_client, status, _bytes, ms) => {
    tally.total++
    if (status >= 200 && status < 300) {
      tally.ok++
      tally.allowedMs.push(ms)
    } else if (status === 429) tally.limited++
    else if (status >= 500) tally.failed++
    else tally.other++
  })
  await instance
  return tally
}

const format = (n: number) => (Number.isFinite(n) ? n.toFixed(2) : '-')

async function main() {
  const limits = loadConfig(process.env).limits
  const knot = await startKnot([
    {
      origin: 'load.test',
      text: '$ORIGIN load.test.\n$TTL 60\n@ SOA ns h 1 3600 600 86400 60\n@ NS ns\nns A 127.0.0.1\n@ A 198.51.100.10\n',
    },
  ])
  const dataDir = await mkdtemp(path.join(tmpdir(), 'nettoolbox-load-'))
  const { child, base } = await startServer({
    DATA_DIR: dataDir,
    DNS_SERVERS: knot.endpoint,
    TARGET_ALLOW: `${HOST}/32`,
  })
  const dnsBody = JSON.stringify({ input: 'load.test', options: { type: 'A', server: knot.endpoint } })
  const targets: Target[] = [
    {
      name: 'POST /api/tools/dns',
      path: '/api/tools/dns',
      method: 'POST',
      body: dnsBody,
      rate: (2 * limits.toolsPerMinute) / 60,
    },
    { name: 'GET /api/ip', path: '/api/ip', method: 'GET', rate: backgroundRate },
    { name: 'GET /healthz', path: '/healthz', method: 'GET', rate: backgroundRate },
    { name: 'GET /api/speed/ping', path: '/api/speed/ping', method: 'GET', rate: backgroundRate },
  ]
  const stop = () => {
    child.kill('SIGTERM')
    void knot.stop().finally(() => process.exit(130))
  }
  process.once('SIGINT', stop)
  process.once('SIGTERM', stop)
  try {
    console.log(
      `limits: ${limits.toolsPerMinute} tool runs/min per client → DNS driven at ${format(targets[0]?.rate ?? 0)}/s; others ${backgroundRate}/s each; ${seconds} s`,
    )
    const reference = await Promise.all(targets.map((t) => drive(base, t, { amount: t.body ? 3 : 200 })))
    // RSS every tenth of the run: [0] start, [5] middle, [10] end.
    const rss = [rssMb(child.pid ?? 0)]
    const sampler = setInterval(() => rss.push(rssMb(child.pid ?? 0)), (seconds * 1000) / 10)
    const loaded = await Promise.all(targets.map((t) => drive(base, t, { duration: seconds })))
    clearInterval(sampler)
    rss.splice(10, rss.length, rssMb(child.pid ?? 0))

    console.log(
      'endpoint                  requests     2xx     429     5xx   other   p50 ms   p99 ms  p50/ref  p99/ref',
    )
    loaded.forEach((tally, i) => {
      const ref = reference[i]?.allowedMs ?? []
      const [p50, p99] = [percentile(tally.allowedMs, 50), percentile(tally.allowedMs, 99)]
      const row = [tally.total, tally.ok, tally.limited, tally.failed, tally.other].map((n) => String(n).padStart(7))
      const ratios = [p50 / percentile(ref, 50), p99 / percentile(ref, 99)].map((r) => format(r).padStart(8))
      console.log(
        `${(targets[i]?.name ?? '').padEnd(24)}${row.join(' ')} ${format(p50).padStart(8)} ${format(p99).padStart(8)} ${ratios.join(' ')}`,
      )
    })
    const [start = 0, mid = 0, end = 0] = [rss[0], rss[5], rss.at(-1)]
    console.log(
      `server RSS: start ${start.toFixed(1)} MB, middle ${mid.toFixed(1)} MB, end ${end.toFixed(1)} MB (end/middle ${format(end / mid)}, end/start ${format(end / start)})`,
    )
    console.log(`server RSS every ${seconds / 10} s (MB): ${rss.map((mb) => mb.toFixed(0)).join(' ')}`)
    const failures = loaded.reduce((sum, t) => sum + t.failed, 0)
    console.log(failures === 0 ? '5xx: none' : `5xx: ${failures} — FAILED`)
    process.exitCode = failures === 0 ? 0 : 1
  } finally {
    child.kill('SIGTERM')
    await new Promise((r) => child.once('exit', r))
    await knot.stop()
    await rm(dataDir, { recursive: true, force: true })
  }
}

await main()
