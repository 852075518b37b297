// Which layer sets the speed test's upload rate on loopback: the same upload sink (POST
// /api/speed/up of our server) fed by curl, by a bare page in the measured Chromium (one large
// fetch() POST, one large XMLHttpRequest POST with and without an upload progress listener, four of
// each side by side), and by the page's own speed test, interleaved so that all see the same machine.
// Each row prints the best and median rate in Mbit/s, the best against curl's best, and the CPU time
// the client (curl, or all of Chromium's processes) and the server spent per 100 MB upload measure.
// Run: npx node bench/speed-upload-layers.ts [rounds=3] [megabytes=100]
import { type ChildProcess, execFile, spawn } from 'node:child_process'
import { randomFillSync } from 'node:crypto'
import { mkdtemp, open, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import { loadavg, tmpdir } from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import type { Page } from 'playwright-core'
import { build } from 'rolldown'
import { REPO_ROOT } from '../test/lab/lab.ts'
import { runPageSpeedTest } from '../test/lab/speed-page.ts'
import { runAhead } from '../test/support/app/priority.ts'
import { launchBrowser, type TestBrowser } from '../test/support/browser/browser.ts'
import { listeningOrigin } from './server-origin.ts'

const run = promisify(execFile)
const rounds = Number(process.argv[2] ?? 3)
const bytes = Number(process.argv[3] ?? 100) * 1_000_000
const SERVER_NAME = 'Bench server'

/** Our server on `port` (PUBLIC_URL must be the page's origin: the same-origin rule refuses others). */
function startServer(dir: string, port: number): { child: ChildProcess; origin: Promise<string> } {
  const child = spawn(process.execPath, [path.join(REPO_ROOT, 'src/server/server.ts')], {
    cwd: REPO_ROOT,
    stdio: ['ignore', 'pipe', 'inherit'],
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      DATA_DIR: path.join(dir, 'data'),
      WEB_DIST: path.join(REPO_ROOT, 'dist/web'),
      LOG_LEVEL: 'info',
      SPEED_SERVER_NAME: SERVER_NAME,
      SPEED_BYTES_PER_MINUTE: String(1_000_000_000_000),
    },
  })
  return { child, origin: listeningOrigin(child) }
}

/** Mbit/s curl reports for one upload of `file`. */
async function curlUpload(url: string, file: string): Promise<number> {
  const { stdout } = await run('curl', [
    ...['-s', '-o', '/dev/null', '-w', '%{http_code} %{speed_upload}'],
    ...['-H', 'content-type: application/octet-stream', '-H', 'expect:', '-X', 'POST', '-T', file, url],
  ])
  const [status, speed] = stdout.trim().split(' ').map(Number)
  if (status !== 200) throw new Error(`${url} answered ${status}`)
  return (speed ?? 0) * 8e-6
}

type Way = 'fetch' | 'xhr' | 'xhr-progress'

/** Makes the page's upload body: `size` random bytes in a Blob, kept on `window`. */
function preparePageBody(page: Page, size: number): Promise<void> {
  return page.evaluate((size) => {
    const bytes = new Uint8Array(size)
    for (let i = 0; i < size; i += 65_536) crypto.getRandomValues(bytes.subarray(i, Math.min(i + 65_536, size)))
    Object.assign(window, { uploadBody: new Blob([bytes]) })
  }, size)
}

/** Mbit/s of `streams` uploads of the prepared body's first `total / streams` bytes each, side by side. */
function pageUpload(page: Page, way: Way, streams: number): Promise<number> {
  return page.evaluate(
    async ({ way, streams, total }) => {
      const size = Math.floor(total / streams)
      const body = (window as unknown as { uploadBody: Blob }).uploadBody.slice(0, size)
      const post = (): Promise<void> => {
        if (way === 'fetch') {
          return fetch('/api/speed/up', { method: 'POST', body }).then(async (r) => {
            await r.text()
            if (!r.ok) throw new Error(`status ${r.status}`)
          })
        }
        return new Promise((resolve, reject) => {
          const xhr = new XMLHttpRequest()
          xhr.open('POST', '/api/speed/up')
          if (way === 'xhr-progress') xhr.upload.onprogress = () => undefined
          xhr.onload = () => (xhr.status === 200 ? resolve() : reject(new Error(`status ${xhr.status}`)))
          xhr.onerror = () => reject(new Error('the connection failed'))
          xhr.send(body)
        })
      }
      const started = performance.now()
      await Promise.all(Array.from({ length: streams }, post))
      return (size * streams * 8) / ((performance.now() - started) * 1000)
    },
    { way, streams, total: bytes },
  )
}

/**
 * The speed test's own throughput engine bundled for a bare page (no React, no view): it shows what
 * the engine's transfers and accounting reach without the page around them.
 */
async function bundleEngine(dir: string): Promise<string> {
  const engine = path.join(REPO_ROOT, 'src/web/features/speedtest/engine')
  const entry = path.join(dir, 'engine-entry.ts')
  await writeFile(
    entry,
    `import { browserEnvironment } from '${engine}/environment.ts'
import { selectEndpoints } from '${engine}/endpoints.ts'
import { measureThroughput } from '${engine}/throughput.ts'
Object.assign(window, {
  measureUpload: () => measureThroughput('upload', {
    env: browserEnvironment,
    endpoints: selectEndpoints('ours', location.origin),
    signal: new AbortController().signal,
    serverMaxBytes: ${100_000_000},
  }),
})
`,
  )
  const { output } = await build({ input: entry, write: false, output: { format: 'iife' } })
  return output[0].code
}

/** Mbit/s of the engine's upload phase in the bare page, and how it counted. */
async function engineUpload(page: Page): Promise<{ mbps: number; how: string }> {
  return page.evaluate(async () => {
    const run = (window as unknown as { measureUpload: () => Promise<Record<string, unknown>> }).measureUpload
    const r = (await run()) as {
      mbps: number
      rampTransfers: number
      transfers: number
      largestTransfer: number
      window: { bytes: number; ms: number } | null
    }
    const w = r.window
    const how = `${r.rampTransfers} ramp + ${r.transfers} transfers, largest ${(r.largestTransfer / 1e6).toFixed(1)} MB, ${((w?.bytes ?? 0) / 1e6).toFixed(1)} MB in ${w?.ms.toFixed(0)} ms`
    return { mbps: r.mbps, how }
  })
}

/** utime, stime and the reaped children's cutime and cstime of `pid`, in clock ticks (proc(5)). */
async function ticks(pid: number | 'self'): Promise<{ own: number; children: number; ppid: number }> {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => '')
  const fields = stat
    .slice(stat.lastIndexOf(')') + 2)
    .split(' ')
    .map(Number)
  const at = (i: number) => fields[i - 3] ?? 0
  return { own: at(14) + at(15), children: at(16) + at(17), ppid: at(4) }
}

/** CPU ticks of `root` and every process under it. */
async function treeTicks(root: number): Promise<number> {
  const pids = (await readdir('/proc')).filter((name) => /^\d+$/.test(name)).map(Number)
  const parents = new Map<number, number>()
  const own = new Map<number, number>()
  for (const pid of pids) {
    const t = await ticks(pid)
    parents.set(pid, t.ppid)
    own.set(pid, t.own)
  }
  let sum = 0
  for (const pid of pids) {
    for (let p: number | undefined = pid; p !== undefined && p > 1; p = parents.get(p)) {
      if (p !== root) continue
      sum += own.get(pid) ?? 0
      break
    }
  }
  return sum
}

const best = (values: number[]) => Math.max(...values)
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0

const restorePriority = runAhead()
const dir = await mkdtemp(path.join(tmpdir(), 'speed-layers-'))
const server = startServer(dir, 19_000 + (process.pid % 1000))
let browser: TestBrowser | undefined
try {
  const origin = await server.origin
  const file = path.join(dir, 'upload.bin')
  const handle = await open(file, 'w')
  await handle.write(randomFillSync(Buffer.alloc(bytes)))
  await handle.close()
  browser = await launchBrowser()
  const context = await browser.newContext()
  context.setDefaultTimeout(120_000)
  const bare = await context.newPage()
  await bare.goto(`${origin}/speed-test`)
  await preparePageBody(bare, bytes)
  await bare.evaluate(await bundleEngine(dir))
  const serverPid = server.child.pid ?? 0
  /** CPU ticks of curl (reaped children), of Chromium (every other process under this one) and of the server. */
  const cpu = async () => {
    const [self, all, ours] = [await ticks('self'), await treeTicks(process.pid), await treeTicks(serverPid)]
    return { curl: self.children, chromium: all - self.own - ours, server: ours }
  }
  const rows = new Map<string, { rates: number[]; clientTicks: number; serverTicks: number }>()
  const measure = async (label: string, client: 'curl' | 'chromium', upload: () => Promise<number>) => {
    const before = await cpu()
    const rate = await upload()
    const after = await cpu()
    const row = rows.get(label) ?? { rates: [], clientTicks: 0, serverTicks: 0 }
    row.rates.push(rate)
    row.clientTicks += after[client] - before[client]
    row.serverTicks += after.server - before.server
    rows.set(label, row)
  }
  const ways: Array<[string, Way, number]> = [
    ['page: 1 fetch() POST, Blob body', 'fetch', 1],
    ['page: 1 XHR POST, no progress listener', 'xhr', 1],
    ['page: 1 XHR POST, upload.onprogress', 'xhr-progress', 1],
    ['page: 4 fetch() POSTs side by side', 'fetch', 4],
    ['page: 4 XHR POSTs with upload.onprogress', 'xhr-progress', 4],
  ]
  const curlLabel = 'curl -T (one POST)'
  const speedTests: number[] = []
  const engineRuns: number[] = []
  for (let round = 0; round < rounds; round++) {
    await measure(curlLabel, 'curl', () => curlUpload(`${origin}/api/speed/up`, file))
    for (const [label, way, streams] of ways) await measure(label, 'chromium', () => pageUpload(bare, way, streams))
    const engine = await engineUpload(bare)
    engineRuns.push(engine.mbps)
    if (process.env.BENCH_DETAILS) console.log(`engine alone: ${engine.how}`)
    const speedPage = await context.newPage()
    const result = await runPageSpeedTest(speedPage, origin, SERVER_NAME)
    speedTests.push(result.upload)
    if (process.env.BENCH_DETAILS) console.log(result.details)
    await speedPage.close()
  }
  const curlBest = best(rows.get(curlLabel)?.rates ?? [0])
  const cpuMs = (t: number) => ((t * 10) / rounds).toFixed(0).padStart(7)
  console.log(
    `Upload to POST /api/speed/up on loopback, ${bytes / 1e6} MB per measure, ${rounds} interleaved rounds` +
      ` (load average ${loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')})`,
  )
  console.log(
    `${'who uploads'.padEnd(42)}${'best'.padStart(6)}${'median'.padStart(7)} best/curl  CPU ms: client server   Mbit/s each`,
  )
  const line = (label: string, rates: number[], cpuText: string) =>
    console.log(
      `${label.padEnd(42)}${best(rates).toFixed(0).padStart(6)}${median(rates).toFixed(0).padStart(7)}` +
        `${(best(rates) / curlBest).toFixed(2).padStart(10)}  ${cpuText}   ${rates.map((v) => v.toFixed(0)).join(', ')}`,
    )
  for (const [label, row] of rows) line(label, row.rates, `${cpuMs(row.clientTicks)} ${cpuMs(row.serverTicks)}`)
  line('page: the engine alone, 4 XHR streams', engineRuns, `${'–'.padStart(7)} ${'–'.padStart(7)}`)
  line('page: the speed test (upload tile)', speedTests, `${'–'.padStart(7)} ${'–'.padStart(7)}`)
} finally {
  await browser?.close()
  server.child.kill()
  await rm(dir, { recursive: true, force: true })
  restorePriority()
}
