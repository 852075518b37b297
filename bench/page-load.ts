// The main thread's work while a page of the built site loads, from Chromium's own trace: every
// task's CPU time (thread time, which a busy shared machine stretches far less than wall time), the
// tasks long enough to block under Lighthouse's mobile model (which slows the CPU 4x: a task of
// 12.5 ms CPU here becomes its 50 ms), the blocking time that model would give on this host, and
// the JavaScript the page fetched. Lighthouse's own figures swing with the machine's load; these
// are the page's work itself. The run the page is measured against is the same page twice, so the
// first (a cold server cache) is not judged. Needs `npm run build` first.
// Run: npx node bench/page-load.ts [paths=/,/dns-lookup] [runs=5]
import path from 'node:path'
import { startServerProcess } from '../test/support/app/server-process.ts'
import { launchBrowser } from '../test/support/browser/browser.ts'
import { percentile } from './bystander.ts'
import { loadAverage } from './lighthouse-load.ts'
import { type PageLoad, readPageLoad } from './page-load-trace.ts'

const paths = (process.argv[2] ?? '/,/dns-lookup').split(',')
const RUNS = Number(process.argv[3] ?? 5)
/** Lighthouse's mobile CPU slowdown, and the length past which a task blocks input. */
const MOBILE_SLOWDOWN = 4
const BLOCKING_AFTER_MS = 50
const QUIET_MS = 1500

const server = await startServerProcess({
  WEB_DIST: path.resolve(import.meta.dirname, '../dist/web'),
  DNS_SERVERS: '127.0.0.1:9',
})
for (const pagePath of paths) await (await fetch(`${server.url}${pagePath}`)).text()
const browser = await launchBrowser()

async function measure(pagePath: string): Promise<PageLoad> {
  const context = await browser.newContext()
  try {
    const page = await context.newPage()
    const cdp = await context.newCDPSession(page)
    const events: object[] = []
    cdp.on('Tracing.dataCollected', (message) => events.push(...(message.value as object[])))
    const done = new Promise<void>((resolve) => cdp.once('Tracing.tracingComplete', () => resolve()))
    await cdp.send('Tracing.start', {
      categories: 'toplevel,devtools.timeline,disabled-by-default-devtools.timeline,v8.execute,blink.user_timing',
      transferMode: 'ReportEvents',
    })
    await page.goto(`${server.url}${pagePath}`, { waitUntil: 'networkidle' })
    await page.waitForTimeout(QUIET_MS)
    await cdp.send('Tracing.end')
    await done
    return readPageLoad(events, server.url)
  } finally {
    await context.close()
  }
}

const ms = (value: number) => `${value.toFixed(1)} ms`
try {
  console.log(
    `Main-thread work on load (CPU time; blocking as Lighthouse's mobile model would count it, ${MOBILE_SLOWDOWN}x)`,
  )
  for (const pagePath of paths) {
    await measure(pagePath)
    const loads: PageLoad[] = []
    for (let i = 0; i < RUNS; i++) loads.push(await measure(pagePath))
    const blocking = loads.map((load) =>
      load.tasks.reduce((sum, t) => sum + Math.max(0, t.cpuMs * MOBILE_SLOWDOWN - BLOCKING_AFTER_MS), 0),
    )
    const cpu = loads.map((load) => load.tasks.reduce((sum, t) => sum + t.cpuMs, 0))
    const longest = loads.map((load) => Math.max(0, ...load.tasks.map((t) => t.cpuMs)))
    const median = (values: number[]) => percentile(values, 50)
    const last = loads.at(-1) as PageLoad
    console.log(
      `${pagePath}: median of ${RUNS} (load average ${loadAverage()}): main-thread CPU ${ms(median(cpu))}, ` +
        `longest task ${ms(median(longest))}, blocking at ${MOBILE_SLOWDOWN}x ${ms(median(blocking))}`,
    )
    console.log(
      `  JavaScript: ${last.scripts.length} files, ${(last.scripts.reduce((s, f) => s + f.encodedBytes, 0) / 1024).toFixed(1)} KiB transferred, ` +
        `${(last.scripts.reduce((s, f) => s + f.decodedBytes, 0) / 1024).toFixed(1)} KiB unpacked`,
    )
    console.log(`    ${last.scripts.map((f) => `${f.url} ${(f.encodedBytes / 1024).toFixed(1)}`).join(', ')}`)
    const long = last.tasks.filter((t) => t.cpuMs * MOBILE_SLOWDOWN >= BLOCKING_AFTER_MS)
    console.log(
      `  tasks of ≥ ${BLOCKING_AFTER_MS / MOBILE_SLOWDOWN} ms CPU (last run): ${long.map((t) => `${ms(t.cpuMs)} at ${Math.round(t.startMs)} ms [${t.label}]`).join(', ') || 'none'}`,
    )
  }
} finally {
  await browser.close()
  await server.kill('SIGTERM')
}
