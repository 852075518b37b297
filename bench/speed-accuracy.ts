// Accuracy of the in-browser speed test. Part 1, in the lab: the app serves from `srv`, Chromium runs
// inside the `client` namespace, and the client's link is shaped with tbf in both directions to 20,
// 100 and 500 Mbit/s; prints each measured rate against the most the link can carry as payload
// (target: within ±5 %). tbf counts whole Ethernet frames (IP packet + 14-byte header), and a full
// TCP segment on a 1500-byte MTU carries 1448 bytes of payload (1500 - 20 IP - 20 TCP - 12 timestamp
// option) in a 1514-byte frame: the payload ceiling is 95.6 % of the shaped rate.
// Part 2, on unshaped loopback: Chromium's upload against what curl pushes to the same endpoint in
// the same run (target: ≥ 0.8).
// Needs root (network namespaces), iproute2, tc and Chromium; builds nothing: run `npm run build` first.
// Run: npx node bench/speed-accuracy.ts [rates=20,100,500] [mtu=1500]
import { type ChildProcess, execFile, spawn } from 'node:child_process'
import { randomFillSync } from 'node:crypto'
import { mkdtemp, open, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { type Lab, REPO_ROOT, startLab } from '../test/lab/lab.ts'
import { launchInClient, type PageSpeedResult, runPageSpeedTest } from '../test/lab/speed-page.ts'
import { runAhead } from '../test/support/app/priority.ts'
import { launchBrowser, type TestBrowser } from '../test/support/browser/browser.ts'

const run = promisify(execFile)
const rates = (process.argv[2] ?? '20,100,500').split(',').map(Number)
const mtu = Number(process.argv[3] ?? 1500)
/** Payload bytes per byte tbf counts: a full segment's payload over its Ethernet frame. */
const GOODPUT = (mtu - 20 - 20 - 12) / (mtu + 14)
const WEB_DIST = path.join(REPO_ROOT, 'dist/web')
const SERVER_NAME = 'Bench server'
const serverEnv = (dir: string, host: string, port: number) => ({
  HOST: host,
  PORT: String(port),
  PUBLIC_URL: `http://${host}:${port}`,
  DATA_DIR: path.join(dir, `data-${host}`),
  WEB_DIST,
  LOG_LEVEL: 'info',
  SPEED_SERVER_NAME: SERVER_NAME,
  SPEED_BYTES_PER_MINUTE: String(1_000_000_000_000),
})

async function pageTest(browser: TestBrowser, origin: string): Promise<PageSpeedResult> {
  const context = await browser.newContext()
  context.setDefaultTimeout(120_000)
  try {
    return await runPageSpeedTest(await context.newPage(), origin, SERVER_NAME)
  } finally {
    await context.close()
  }
}

const ratio = (measured: number, reference: number) => (measured / reference).toFixed(3)
const within = (r: number, tolerance: number) => (Math.abs(r - 1) <= tolerance ? 'ok' : 'OUT')

async function labPart(dir: string): Promise<boolean> {
  const lab: Lab | null = await startLab()
  if (!lab) throw new Error('the lab cannot start here (root and iproute2 are needed)')
  const host = lab.addresses.srv.v4
  const app = lab.spawnNode('srv', path.join(REPO_ROOT, 'src/server/server.ts'), [], {
    env: serverEnv(dir, host, 8080),
  })
  let browser: TestBrowser | undefined
  let allOk = true
  try {
    await app.waitForOutput(/Server listening at/, 60_000)
    browser = await launchInClient(lab, dir, host)
    console.log('Lab: Chromium in client, app in srv, client-r1 shaped with tbf both ways')
    console.log(
      `Each rate is compared with the payload ceiling: the shaped rate × ${GOODPUT.toFixed(4)} (TCP payload of a full` +
        ` segment over its Ethernet frame on a ${mtu}-byte MTU); target ±5 %`,
    )
    console.log('shaped    ceiling   download  /ceiling     upload  /ceiling   idle / loaded down / loaded up ms')
    for (const mbps of rates) {
      // tbf needs a bucket of at least one timer tick of traffic at high rates.
      const burst = `${Math.max(64, Math.ceil((mbps * 1_000_000) / 8 / 250 / 1024))}kb`
      await lab.shape('client-r1', `${mbps}mbit`, { burst, latency: '50ms' })
      try {
        const r = await pageTest(browser, `http://${host}:8080`)
        const ceiling = mbps * GOODPUT
        const down = r.download / ceiling
        const up = r.upload / ceiling
        allOk &&= within(down, 0.05) === 'ok' && within(up, 0.05) === 'ok'
        console.log(
          `${String(mbps).padStart(4)} Mbit/s ${ceiling.toFixed(1).padStart(7)} ${r.download.toFixed(1).padStart(10)}  ${ratio(r.download, ceiling)} ${within(down, 0.05)}` +
            ` ${r.upload.toFixed(1).padStart(10)}  ${ratio(r.upload, ceiling)} ${within(up, 0.05)}` +
            `   ${r.ping} / ${r.loadedDownload ?? '–'} / ${r.loadedUpload ?? '–'}`,
        )
        if (process.env.BENCH_DETAILS) console.log(r.details)
      } finally {
        await lab.shape('client-r1', null)
      }
    }
  } finally {
    await browser?.close()
    await app.stop()
    await lab.stop()
  }
  return allOk
}

/** Bytes per second curl reports for one upload of `file` to `url`. */
async function curlUpload(url: string, file: string): Promise<number> {
  const { stdout } = await run('curl', [
    '-s',
    '-o',
    '/dev/null',
    '-w',
    '%{http_code} %{speed_upload}',
    '-H',
    'content-type: application/octet-stream',
    '-H',
    'expect:',
    '-X',
    'POST',
    '-T',
    file,
    url,
  ])
  const [status, speed] = stdout.trim().split(' ').map(Number)
  if (status !== 200) throw new Error(`${url} answered ${status}`)
  return speed ?? 0
}

async function loopbackPart(dir: string): Promise<boolean> {
  const port = 18_000 + (process.pid % 1000)
  const child: ChildProcess = spawn(process.execPath, [path.join(REPO_ROOT, 'src/server/server.ts')], {
    cwd: REPO_ROOT,
    stdio: ['ignore', 'pipe', 'inherit'],
    env: { ...process.env, ...serverEnv(dir, '127.0.0.1', port) },
  })
  let browser: TestBrowser | undefined
  try {
    await new Promise<void>((resolve, reject) => {
      let log = ''
      child.stdout?.on('data', (chunk: Buffer) => {
        log += chunk.toString('utf8')
        if (/Server listening at/.test(log)) resolve()
      })
      child.once('exit', (code) => reject(new Error(`the server exited (${code}) before listening`)))
    })
    const origin = `http://127.0.0.1:${port}`
    const file = path.join(dir, 'upload.bin')
    const handle = await open(file, 'w')
    await handle.write(randomFillSync(Buffer.alloc(100_000_000)))
    await handle.close()
    browser = await launchBrowser()
    const curlRates: number[] = []
    const pageRates: number[] = []
    // Interleaved, so that both see the same machine.
    for (let i = 0; i < 3; i++) {
      curlRates.push((await curlUpload(`${origin}/api/speed/up`, file)) * 8e-6)
      const r = await pageTest(browser, origin)
      pageRates.push(r.upload)
      if (process.env.BENCH_DETAILS) console.log(r.details)
    }
    const curl = Math.max(...curlRates)
    const page = Math.max(...pageRates)
    const r = page / curl
    console.log('\nLoopback, unshaped: upload to POST /api/speed/up, best of 3 each, interleaved')
    console.log(`curl (100 MB body)      ${curlRates.map((v) => v.toFixed(0)).join(', ')} Mbit/s`)
    console.log(`Chromium speed test     ${pageRates.map((v) => v.toFixed(0)).join(', ')} Mbit/s`)
    console.log(`ratio page/curl         ${r.toFixed(2)} (target ≥ 0.8) ${r >= 0.8 ? 'ok' : 'OUT'}`)
    return r >= 0.8
  } finally {
    await browser?.close()
    child.kill()
  }
}

// Rates follow the CPU Chromium, curl and the server get: as root, this process and everything it
// starts run ahead of other work in the scheduler, like the lab's speed test.
const restorePriority = runAhead()
const dir = await mkdtemp(path.join(tmpdir(), 'speed-accuracy-'))
try {
  const labOk = process.env.BENCH_SKIP_LAB ? true : await labPart(dir)
  const loopbackOk = process.env.BENCH_SKIP_LOOPBACK ? true : await loopbackPart(dir)
  console.log(`\nspeed accuracy: ${labOk && loopbackOk ? 'all targets met' : 'a target was missed'}`)
} finally {
  await rm(dir, { recursive: true, force: true })
  restorePriority()
}
