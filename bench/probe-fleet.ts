// A fleet of probes against real site processes: N simulated probes in this one process speak the
// probe protocol (bench/fleet-probe.ts) with tokens issued by `npm run probe-token -- create`, spread
// over the places and networks of bench/fleet-places.ts, while measurements (DNS, `limit` 3) are
// submitted through the public HTTP API at a steady rate and followed on their event streams. The
// site runs as one or two real processes with real Redis (and PostgreSQL for two, as they share a
// database); `--kill` kills the first of them (SIGKILL) halfway through. All traffic stays on
// loopback: each probe connects from its own 127.x address, eight probes per address.
//
// Prints: probes connected, measurements/s achieved, p50/p99 from submit to the first result and to
// the finished measurement, beside the reference the simulated probes set (the fastest answer delay
// they drew for the measurement), lost measurements, each site process's peak RSS and CPU, and
// Redis commands/s — with the load average, since the machine may be shared.
//
// Run: npx node bench/probe-fleet.ts [--probes 1000] [--rate 20] [--seconds 60] [--sites 1|2] [--kill]
import { spawn } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import { loadavg, tmpdir } from 'node:os'
import path from 'node:path'
import { monitorEventLoopDelay } from 'node:perf_hooks'
import { parseArgs } from 'node:util'
import { Redis } from 'ioredis'
import { type ServerProcess, startServerProcess } from '../test/support/app/server-process.ts'
import { startPostgres } from '../test/support/db/postgres.ts'
import { startRedis } from '../test/support/db/redis.ts'
import { seededRandom } from '../test/support/seeded-random.ts'
import { type Followed, follow, submit } from './fleet-measurements.ts'
import { generateFleet } from './fleet-places.ts'
import { type SimulatedProbe, startSimulatedProbe } from './fleet-probe.ts'
import { watchProcess } from './process-usage.ts'

const { values: args } = parseArgs({
  options: {
    probes: { type: 'string', default: '1000' },
    rate: { type: 'string', default: '20' },
    seconds: { type: 'string', default: '60' },
    sites: { type: 'string', default: '1' },
    kill: { type: 'boolean', default: false },
    seed: { type: 'string', default: '1' },
    /** Prints the site processes' warnings and errors at the end. */
    'site-log': { type: 'boolean', default: false },
    /** Writes a CPU profile of each site process (node --cpu-prof) into this folder. */
    'site-profile': { type: 'string' },
  },
})
const PROBES = Number(args.probes)
const RATE = Number(args.rate)
const SECONDS = Number(args.seconds)
const SITES = Number(args.sites)
const SEED = Number(args.seed)
if (![PROBES, RATE, SECONDS, SEED].every((n) => Number.isFinite(n) && n > 0) || (SITES !== 1 && SITES !== 2)) {
  console.error('Usage: npx node bench/probe-fleet.ts [--probes N] [--rate R] [--seconds S] [--sites 1|2] [--kill]')
  process.exit(2)
}
if (args.kill && SITES !== 2) {
  console.error('--kill needs --sites 2: the other process takes the killed one’s work over')
  process.exit(2)
}

const REPO_ROOT = path.resolve(import.meta.dirname, '..')
/** Probes sharing one issued token (each with its own PROBE_NAME), and one loopback address. */
const PROBES_PER_TOKEN = 100
const PROBES_PER_ADDRESS = 8
/** Where measurements are asked from: mostly broad places, some countries, networks and regions. */
const LOCATIONS = [
  'World',
  'any',
  'Europe',
  'Europe',
  'North America',
  'DE',
  'US',
  'Asia',
  'AS3320',
  'eu-west',
  'Amazon',
  'DE, FR, NL',
]
const DNS_REQUEST = { tool: 'dns', input: 'www.fleet.test', options: { type: 'A' } }
/** A measurement not seen finished this long after it was submitted counts as lost. */
const FOLLOW_MS = 60_000

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN
}
const ms = (value: number) => (Number.isFinite(value) ? `${value.toFixed(0)} ms` : '—')
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`
const load = () =>
  loadavg()
    .map((n) => n.toFixed(2))
    .join(' ')
const pause = (delay: number) => new Promise((resolve) => setTimeout(resolve, delay))

/** Issues a token the way an operator does, with the CLI, against the site's database. */
function issueToken(name: string, databaseEnv: Record<string, string>): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [path.join(REPO_ROOT, 'src/server/modules/measurements/probe-token-cli.ts'), 'create', name],
      {
        cwd: REPO_ROOT,
        env: { PATH: process.env.PATH ?? '/usr/bin:/bin', LOG_LEVEL: 'silent', ...databaseEnv },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    )
    let out = ''
    let err = ''
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString()
    })
    child.stderr.on('data', (chunk: Buffer) => {
      err += chunk.toString()
    })
    child.once('exit', (code) => (code === 0 ? resolve(out.trim()) : reject(new Error(`probe-token failed: ${err}`))))
  })
}

async function connectFleet(siteUrls: string[], tokens: string[], answerDelays: Map<string, number | null>) {
  const random = seededRandom(SEED + 1)
  const fleet = generateFleet(PROBES, SEED)
  const probes: SimulatedProbe[] = []
  const started = performance.now()
  // A few at a time: the site checks at most four handshakes at once per address.
  for (let from = 0; from < fleet.length; from += 50) {
    const batch = fleet.slice(from, from + 50).map((profile, offset) => {
      const index = from + offset
      const address = Math.floor(index / PROBES_PER_ADDRESS)
      // Probes are split over the sites; each tries the others after its own.
      const own = index % siteUrls.length
      return startSimulatedProbe({
        profile,
        token: tokens[Math.floor(index / PROBES_PER_TOKEN)] as string,
        siteUrls: [...siteUrls.slice(own), ...siteUrls.slice(0, own)],
        localAddress: `127.1.${Math.floor(address / 250)}.${(address % 250) + 1}`,
        random,
        onTask: (taskId, delay) => answerDelays.set(taskId, delay),
      })
    })
    probes.push(...batch)
    await Promise.race([Promise.all(batch.map((probe) => probe.ready)), pause(30_000)])
  }
  return { probes, seconds: (performance.now() - started) / 1000 }
}

async function waitListed(siteUrl: string, count: number, timeoutMs = 60_000): Promise<number> {
  const deadline = Date.now() + timeoutMs
  let listed = 0
  while (Date.now() < deadline) {
    const answer = (await (await fetch(`${siteUrl}/api/probes`)).json()) as { probes: unknown[] }
    listed = answer.probes.length
    if (listed >= count) break
    await pause(500)
  }
  return listed
}

async function redisCommands(redis: Redis): Promise<number> {
  const info = await redis.info('stats')
  return Number(/total_commands_processed:(\d+)/.exec(info)?.[1] ?? 0)
}

interface Sample {
  submittedAt: number
  accepted: boolean
  refusal?: string
  followed?: Followed
  /** The fastest answer delay the simulated probes drew for it (null: every row went unanswered). */
  floorMs?: number | null
}

async function main() {
  console.log(
    `Probe fleet: ${PROBES} probes, ${RATE} measurements/s × ${SECONDS} s (DNS, limit 3), ${SITES} site process${SITES > 1 ? 'es' : ''}${args.kill ? ', the first killed halfway' : ''}`,
  )
  console.log(`load average at start: ${load()}`)
  const redis = await startRedis()
  const postgres = SITES === 2 ? await startPostgres() : null
  if (SITES === 2 && !postgres) throw new Error('two site processes need PostgreSQL')
  const dataDir = await mkdtemp(path.join(tmpdir(), 'nettoolbox-fleet-'))
  const databaseEnv: Record<string, string> = postgres
    ? { DATABASE_URL: await postgres.createDatabase() }
    : { DATA_DIR: dataDir }
  const tokens: string[] = []
  for (let k = 0; k < Math.ceil(PROBES / PROBES_PER_TOKEN); k += 1)
    tokens.push(await issueToken(`fleet-${k + 1}`, databaseEnv))
  const sites: ServerProcess[] = []
  for (let k = 0; k < SITES; k += 1) {
    sites.push(
      await startServerProcess({
        ...databaseEnv,
        REDIS_URL: redis.url,
        LOCAL_PROBE: 'false',
        MAX_CONNECTIONS_PER_CLIENT: '0',
        LOG_LEVEL: args['site-log'] ? 'warn' : 'silent',
        ...(args['site-profile']
          ? { NODE_OPTIONS: `--cpu-prof --cpu-prof-dir=${path.resolve(args['site-profile'])}` }
          : {}),
      }),
    )
  }
  const siteUrls = sites.map((site) => site.url)
  const monitor = new Redis(redis.url)
  const answerDelays = new Map<string, number | null>()
  let probes: SimulatedProbe[] = []
  try {
    const fleet = await connectFleet(siteUrls, tokens, answerDelays)
    probes = fleet.probes
    const listed = await waitListed(siteUrls[0] as string, PROBES)
    console.log(
      `probes connected: ${probes.filter((p) => p.isConnected()).length} of ${PROBES} in ${fleet.seconds.toFixed(1)} s; listed by the site: ${listed}`,
    )

    // The machine's share for one busy process, measured beside the site: a process that only spins.
    const spinner = spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' })
    const spinnerWatch = watchProcess(spinner.pid as number)
    const spinnerAtStart = spinnerWatch.cpuSeconds()
    const lag = monitorEventLoopDelay({ resolution: 10 })
    lag.enable()
    const watches = sites.map((site) => watchProcess(site.child.pid as number))
    const cpuAtStart = watches.map((watch) => watch.cpuSeconds())
    const commandsAtStart = await redisCommands(monitor)
    const random = seededRandom(SEED + 2)
    const samples: Sample[] = []
    const following: Array<Promise<void>> = []
    const alive = new Set(sites.map((_, k) => k))
    const started = performance.now()
    let killedAt: number | undefined
    let steadyEnd = started
    for (let n = 0; n < RATE * SECONDS; n += 1) {
      const due = started + (n * 1000) / RATE
      if (due > performance.now()) await pause(due - performance.now())
      if (args.kill && killedAt === undefined && performance.now() - started >= (SECONDS * 1000) / 2) {
        killedAt = performance.now() - started
        alive.delete(0)
        void sites[0]?.kill('SIGKILL')
      }
      const siteIndex = [...alive][n % alive.size] as number
      const sample: Sample = { submittedAt: performance.now(), accepted: false }
      samples.push(sample)
      const location = LOCATIONS[Math.floor(random() * LOCATIONS.length)] as string
      following.push(
        (async () => {
          const created = await submit(siteUrls[siteIndex] as string, {
            ...DNS_REQUEST,
            locations: [location],
            limit: 3,
          })
          if (!created.ok) {
            sample.refusal = `${created.status} ${created.message}`.slice(0, 120)
            return
          }
          sample.accepted = true
          sample.followed = await follow(siteUrls, siteIndex, created.id, sample.submittedAt + FOLLOW_MS)
          const delays = Array.from({ length: created.probesCount }, (_, i) => answerDelays.get(`${created.id}:${i}`))
          const answered = delays.filter((d): d is number => typeof d === 'number')
          sample.floorMs = answered.length > 0 ? Math.min(...answered) : null
        })(),
      )
      steadyEnd = performance.now()
    }
    const elapsed = (steadyEnd - started) / 1000
    const commandsAtEnd = await redisCommands(monitor)
    const cpuAtEnd = watches.map((watch) => watch.cpuSeconds())
    const spinnerShare = (spinnerWatch.cpuSeconds() - spinnerAtStart) / elapsed
    spinner.kill('SIGKILL')
    spinnerWatch.stop()
    lag.disable()
    const loadAtEnd = load()
    await Promise.all(following)
    for (const watch of watches) watch.stop()

    const accepted = samples.filter((s) => s.accepted)
    const finished = accepted.filter((s) => s.followed && !s.followed.lost)
    const lost = accepted.filter((s) => s.followed?.lost)
    const firsts = finished.map((s) => (s.followed?.firstAt as number) - s.submittedAt)
    const completes = finished.map((s) => (s.followed?.finishedAt as number) - s.submittedAt)
    const floors = finished.flatMap((s) => (typeof s.floorMs === 'number' ? [s.floorMs] : []))
    const rows = finished.flatMap((s) => s.followed?.rows ?? [])
    const rowCount = (status: string) => rows.filter((row) => row === status).length
    const refusals = new Map<string, number>()
    for (const s of samples) if (s.refusal) refusals.set(s.refusal, (refusals.get(s.refusal) ?? 0) + 1)

    console.log(`\nsubmitted ${samples.length} in ${elapsed.toFixed(1)} s; accepted (202) ${accepted.length}`)
    for (const [why, count] of refusals) console.log(`  not accepted ×${count}: ${why}`)
    if (killedAt !== undefined) console.log(`site process 1 killed (SIGKILL) at ${(killedAt / 1000).toFixed(1)} s`)
    console.log(`measurements/s achieved (accepted and finished): ${(finished.length / elapsed).toFixed(1)}`)
    console.log(`lost measurements (accepted, never finished): ${lost.length}`)
    console.log(
      `rows: ${rows.length} — finished ${rowCount('finished')}, failed ${rowCount('failed')} (no answer in time, or refused), probe-lost ${rowCount('probe-lost')}`,
    )
    console.log(
      `streams opened again after a break: ${finished.reduce((sum, s) => sum + (s.followed?.reopened ?? 0), 0)}`,
    )
    console.log('\n                                        p50        p99')
    console.log(
      `submit → first result              ${ms(percentile(firsts, 50)).padStart(9)}  ${ms(percentile(firsts, 99)).padStart(9)}`,
    )
    console.log(
      `  reference: fastest probe's delay ${ms(percentile(floors, 50)).padStart(9)}  ${ms(percentile(floors, 99)).padStart(9)}`,
    )
    console.log(
      `  site's share (first − reference)  ${ms(percentile(firsts, 50) - percentile(floors, 50)).padStart(9)}  ${ms(percentile(firsts, 99) - percentile(floors, 99)).padStart(9)}`,
    )
    console.log(
      `submit → finished                  ${ms(percentile(completes, 50)).padStart(9)}  ${ms(percentile(completes, 99)).padStart(9)}`,
    )
    console.log(`  (a row whose probe never answers ends at the DNS tool's limit, 15 s, plus 10 s for the journey)`)
    console.log('')
    for (const [k, watch] of watches.entries()) {
      const cpu = ((cpuAtEnd[k] as number) - (cpuAtStart[k] as number)) / elapsed
      console.log(`site process ${k + 1}: peak RSS ${mb(watch.peakRss())}, CPU ${(cpu * 100).toFixed(0)} % of a core`)
    }
    console.log(`Redis commands/s: ${((commandsAtEnd - commandsAtStart) / elapsed).toFixed(0)}`)
    console.log(
      `reference: a process that only spins got ${(spinnerShare * 100).toFixed(0)} % of a core meanwhile; this bench's own event-loop delay p99 ${ms(lag.percentile(99) / 1e6)}`,
    )
    console.log(`load average at end of the steady phase: ${loadAtEnd}`)
    const p99 = percentile(firsts, 99)
    const peak = Math.max(...watches.map((w) => w.peakRss()))
    console.log(
      `\ntargets: 0 lost ${lost.length === 0 ? 'met' : 'MISSED'}; p99 first result ≤ 250 ms ${p99 <= 250 ? 'met' : 'MISSED'}; RSS ≤ 1.5 GB ${peak <= 1.5 * 1024 ** 3 ? 'met' : 'MISSED'}`,
    )
  } finally {
    if (args['site-log']) {
      for (const [k, site] of sites.entries()) {
        const lines = site.output().split('\n').filter(Boolean)
        console.log(
          `\nsite process ${k + 1}: ${lines.length} log lines of warnings and errors; the first and last ones:`,
        )
        for (const line of [...lines.slice(0, 8), ...lines.slice(-8)]) console.log(line.slice(0, 300))
      }
    }
    for (const probe of probes) probe.close()
    monitor.disconnect()
    await Promise.all(sites.map((site) => site.kill('SIGTERM')))
    await postgres?.stop()
    await redis.stop()
    await rm(dataDir, { recursive: true, force: true })
  }
}

await main()
