// The speed test end to end in the lab: the app serves from `srv`, Chromium runs in `client`, and
// the client's link is shaped with tbf in both directions. Download and upload the page reports
// must come close to the shaped rate and never above it (bench/speed-accuracy.ts holds them to
// ±5 %), and a deep tbf queue must show up as latency under load well above the idle latency, in
// the latency spread and in the quality ratings for streaming, gaming and video calls.
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { runAhead } from '../support/app/priority.ts'
import { browserAvailable, type TestBrowser } from '../support/browser/browser.ts'
import { type Lab, type LabProcess, labCanRun, REPO_ROOT, startLab } from './lab.ts'
import { launchInClient, runPageSpeedTest } from './speed-page.ts'

const WEB_DIST = path.join(REPO_ROOT, 'dist/web')
const PORT = 8080
const SERVER_NAME = 'Lab server (srv)'

let lab: Lab | null = null
let app: LabProcess | undefined
let browser: TestBrowser | undefined
let dir: string | undefined
let origin = ''

/**
 * The rates measured here depend on the CPU time Chromium and the server get. This file's process,
 * and so every process it starts (the server, Chromium), runs ahead of the other test files' in
 * the scheduler (a lower nice value, which the lab's root privileges allow), so the suite's other
 * files can keep the machine busy beside it.
 */
let restorePriority = () => {}

beforeAll(async () => {
  if (!labCanRun('speed-test lab test', { chromium: browserAvailable })) return
  restorePriority = runAhead()
  lab = await startLab()
  if (!lab) return
  dir = await mkdtemp(path.join(tmpdir(), 'ntb-lab-speed-'))
  const host = lab.addresses.srv.v4
  origin = `http://${host}:${PORT}`
  app = lab.spawnNode('srv', path.join(REPO_ROOT, 'src/server/server.ts'), [], {
    env: {
      HOST: host,
      PORT: String(PORT),
      PUBLIC_URL: origin,
      DATA_DIR: path.join(dir, 'data'),
      WEB_DIST,
      LOG_LEVEL: 'info',
      SPEED_SERVER_NAME: SERVER_NAME,
    },
  })
  await app.waitForOutput(/Server listening at/, 60_000)
  browser = await launchInClient(lab, dir, host)
}, 180_000)

afterAll(async () => {
  await browser?.close()
  await app?.stop()
  await lab?.stop()
  if (dir) await rm(dir, { recursive: true, force: true })
  restorePriority()
})

/**
 * Runs the page's speed test over a path shaped to `rate`, or unshaped (the browser's own ceiling)
 * with null. Both bottlenecks are in router r1, as an access link's are in its modem: downloads
 * queue on r1's way to the client, uploads on r1's way on to the server. (Shaped on the client's
 * own interface instead, an upload's standing queue stays small: the client's TCP stack keeps its
 * sockets' data in its local queue to a millisecond or so, and the latency an upload adds is lost in
 * the noise of a busy machine.)
 */
async function measure(rate: string | null, latency: string) {
  if (!lab || !browser) throw new Error('the lab is not up')
  if (rate) {
    await lab.shape('client-r1', rate, { latency, ends: 'b' })
    await lab.shape('r1-r2', rate, { latency, ends: 'a' })
  }
  const context = await browser.newContext()
  context.setDefaultTimeout(120_000)
  try {
    return await runPageSpeedTest(await context.newPage(), origin, SERVER_NAME)
  } finally {
    await context.close()
    await lab.shape('client-r1', null)
    await lab.shape('r1-r2', null)
  }
}

const RATINGS = ['Bad', 'Poor', 'Average', 'Good', 'Great']

/**
 * The quality figures every finished test shows: each use rated as the lowest of its inputs'
 * ratings in its own thresholds table, packet loss not measured (never 0 %) and so not judged, and
 * each phase's latency spread in order.
 */
function expectQualityFigures(measured: Awaited<ReturnType<typeof measure>>) {
  for (const use of ['streaming', 'gaming', 'videoCalls'] as const) {
    const inputs = measured.inputRatings[use]
    expect(inputs['Packet loss'], use).toBeNull()
    const rated = Object.values(inputs).filter((r): r is string => r !== null)
    const lowest = RATINGS.find((r) => rated.includes(r))
    expect(measured.quality[use], `${use}: ${JSON.stringify(inputs)}`).toBe(lowest)
  }
  expect(measured.qualityText.match(/Not judged: packet loss — not measured/g)).toHaveLength(3)
  expect(measured.packetLoss).toBe(
    'Packet loss: not measured — browsers can only measure it over UDP, which this server does not offer.',
  )
  for (const cells of Object.values(measured.spread)) {
    const [min, p25, median, p75, p90] = cells
    if (min == null || p25 == null || median == null || p75 == null || p90 == null)
      throw new Error(`a phase shows no latency spread: ${cells.join(' ')}`)
    expect([min, p25, median, p75, p90]).toEqual([min, p25, median, p75, p90].sort((a, b) => a - b))
  }
  expect(measured.spread.idle[2]).toBeCloseTo(measured.ping, 1)
}

/** Both bounds of a measured rate: near the link's rate, or near the browser's own ceiling below it. */
function expectRate(value: number, mbps: number, most: number | undefined) {
  // Bound by the link: within 85 %. Bound by the browser's CPU (ceiling under the line rate), the
  // measure varies more from run to run (40-57 Mbit/s seen on a two-core host): within 60 %.
  expect(value).toBeGreaterThanOrEqual(most !== undefined && most < mbps ? most * 0.6 : mbps * 0.85)
  expect(value).toBeLessThanOrEqual(mbps * 1.02)
}

// Goodput on a 1500-byte MTU is at most 95.6 % of the line rate; other tests sharing the machine's
// two cores can slow Chromium's uploads, so the floor here is looser than the benchmark's ±5 %.
describe('speed test over a link shaped to 20 Mbit/s with a deep queue', () => {
  it('reports download and upload between 85 % and 102 % of 20 Mbit/s, and latency under load clearly above the idle latency', async (ctx) => {
    if (!lab || !browser) return ctx.skip()
    // tbf holds up to 500 ms of packets at 20 Mbit/s: loaded connections build a standing queue,
    // which must not change the rates measured (the page counts bytes the far end received).
    const measured = await measure('20mbit', '500ms')
    console.log(
      `20mbit: download ${measured.download}, upload ${measured.upload} Mbit/s; idle ${measured.ping} ms, under download ${measured.loadedDownload} ms, under upload ${measured.loadedUpload} ms`,
    )
    expectRate(measured.download, 20, undefined)
    expectRate(measured.upload, 20, undefined)
    const { ping, loadedDownload, loadedUpload } = measured
    if (loadedDownload === null || loadedUpload === null) throw new Error('a loaded phase measured no latency')
    expect(loadedDownload).toBeGreaterThan(ping + 15)
    expect(loadedUpload).toBeGreaterThan(ping + 15)
    expect(Math.max(loadedDownload, loadedUpload)).toBeGreaterThan(ping + 50)
    expect(measured.grade).toMatch(/^[B-DF]$/)
    // The quality ratings follow the link: about 20 Mbit/s is Average for streaming's download
    // (10 to 25), Great for a video call's (10 and more), and a round trip that rises by 50 ms or
    // more under load is at best Poor for gaming, at best Average for streaming and video calls.
    console.log(`20mbit: quality ${JSON.stringify(measured.quality)}; spread ${JSON.stringify(measured.spread)}`)
    expectQualityFigures(measured)
    expect(measured.inputRatings.streaming.Download).toBe('Average')
    expect(measured.inputRatings.videoCalls).toMatchObject({ Download: 'Great', Upload: 'Great' })
    expect(['Bad', 'Poor']).toContain(measured.inputRatings.gaming['Latency increase under load'])
    expect(['Bad', 'Poor', 'Average']).toContain(measured.quality.streaming)
    expect(['Bad', 'Poor']).toContain(measured.quality.gaming)
    expect(['Bad', 'Poor', 'Average']).toContain(measured.quality.videoCalls)
    // Under load the median round trip (the spread's third figure) sits well above the idle one.
    expect(measured.spread.download[2]).toBeGreaterThan((measured.spread.idle[2] ?? 0) + 15)
  }, 180_000)
})

describe('speed test over a link shaped to 100 Mbit/s', () => {
  it("reports download and upload between 85 % and 102 % of 100 Mbit/s, or near the browser's own ceiling below that", async (ctx) => {
    if (!lab || !browser) return ctx.skip()
    const measured = await measure('100mbit', '50ms')
    console.log(`100mbit: download ${measured.download}, upload ${measured.upload} Mbit/s`)
    // A slow host's Chromium may not fill a fast link by itself: the same test over the unshaped
    // link, in this run, gives what the browser can move at most. Never above the line rate.
    const ceiling = await measure(null, '50ms')
    console.log(`unshaped (this browser's ceiling): download ${ceiling.download}, upload ${ceiling.upload} Mbit/s`)
    expectRate(measured.download, 100, ceiling.download)
    expectRate(measured.upload, 100, ceiling.upload)
    // Rates of tens of Mbit/s each way: at least Average for streaming's download (10 and more),
    // Great for a video call's download and upload. The rise under load is not held to a bound here:
    // on a busy two-core host, the browser's and the server's CPU time adds to the tbf queue's.
    console.log(`100mbit: quality ${JSON.stringify(measured.quality)}; spread ${JSON.stringify(measured.spread)}`)
    expectQualityFigures(measured)
    expect(['Average', 'Good', 'Great']).toContain(measured.inputRatings.streaming.Download)
    expect(measured.inputRatings.videoCalls).toMatchObject({ Download: 'Great', Upload: 'Great' })
  }, 180_000)
})
