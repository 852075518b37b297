// The speed test end to end in the lab: the app serves from `srv`, Chromium runs in `client`, and
// the client's link is shaped with tbf. The download the page reports must match the shaped rate
// within ±10 % (TCP/IP and Ethernet headers take about 4.5 % of what tbf lets through).
import { chmod, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { browserAvailable, launchBrowser, type TestBrowser } from '../support/browser.ts'
import { type Lab, type LabProcess, REPO_ROOT, startLab } from './lab.ts'
import { IP_BINARY } from './namespaces.ts'

const WEB_DIST = path.join(REPO_ROOT, 'dist/web')
const PORT = 8080

let lab: Lab | null = null
let app: LabProcess | undefined
let browser: TestBrowser | undefined
let dir: string | undefined
let origin = ''

/** Chromium started through `ip netns exec`, so all its traffic starts in the client namespace. */
async function launchInClient(lab: Lab, workDir: string, allowHost: string): Promise<TestBrowser> {
  const wrapper = path.join(workDir, 'chromium-in-client.sh')
  await writeFile(wrapper, `#!/bin/sh\nexec ${IP_BINARY} netns exec ${lab.names.client} /usr/bin/chromium "$@"\n`)
  await chmod(wrapper, 0o755)
  return launchBrowser({ executablePath: wrapper, allowHosts: [allowHost] })
}

beforeAll(async () => {
  if (!browserAvailable) return console.warn('SKIPPED: the speed-test lab test needs chromium')
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
      SPEED_SERVER_NAME: 'Lab server (srv)',
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
})

async function runTest(page: Page): Promise<number> {
  await page.goto(`${origin}/speed-test`)
  await page.getByRole('button', { name: 'Start Test' }).click()
  await page.getByText('Server: Lab server (srv)').waitFor()
  await page.locator('[data-sonner-toast]').filter({ hasText: 'Speed Test completed successfully' }).first().waitFor()
  const tile = await page.locator('dl > div').filter({ hasText: 'Download' }).locator('dd').innerText()
  const match = /^([\d.]+) Mbps$/.exec(tile.trim())
  if (!match) throw new Error(`the download tile shows "${tile}"`)
  return Number(match[1])
}

describe.each([
  { rate: '20mbit', mbps: 20 },
  { rate: '100mbit', mbps: 100 },
])('speed test over a link shaped to $rate', ({ rate, mbps }) => {
  it(`reports a download within ±10 % of ${mbps} Mbit/s`, async (ctx) => {
    if (!lab || !browser) return ctx.skip()
    await lab.shape('client-r1', rate)
    const context = await browser.newContext()
    context.setDefaultTimeout(280_000)
    try {
      const measured = await runTest(await context.newPage())
      expect(measured).toBeGreaterThanOrEqual(mbps * 0.9)
      expect(measured).toBeLessThanOrEqual(mbps * 1.1)
    } finally {
      await context.close()
      await lab.shape('client-r1', null)
    }
  }, 300_000)
})
