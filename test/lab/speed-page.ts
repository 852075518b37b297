// The Professional Speed Test driven in Chromium, for the lab test and the accuracy benchmark:
// Chromium started inside a lab namespace, and the finished test's numbers read off the page.
import { chmod, writeFile } from 'node:fs/promises'
import path from 'node:path'
import type { Page } from 'playwright-core'
import { CHROMIUM, launchBrowser, type TestBrowser } from '../support/browser/browser.ts'
import type { Lab } from './lab.ts'
import { IP_BINARY } from './namespaces.ts'

/** Chromium started through `ip netns exec`, so all its traffic starts in the client namespace. */
export function launchInClient(lab: Lab, workDir: string, allowHost: string): Promise<TestBrowser> {
  return launchInNamespace(lab.names.client, workDir, [allowHost])
}

/** Chromium inside the namespace named `ns` (its real name), reaching loopback and `allowHosts` only. */
export async function launchInNamespace(ns: string, workDir: string, allowHosts: string[]): Promise<TestBrowser> {
  const wrapper = path.join(workDir, `chromium-in-${ns}.sh`)
  await writeFile(wrapper, `#!/bin/sh\nexec ${IP_BINARY} netns exec ${ns} ${CHROMIUM} "$@"\n`)
  await chmod(wrapper, 0o755)
  return launchBrowser({ executablePath: wrapper, allowHosts })
}

export interface PageSpeedResult {
  download: number
  upload: number
  ping: number
  /** Latency during each loaded phase, in ms; null where the page shows none. */
  loadedDownload: number | null
  loadedUpload: number | null
  grade: string | null
  /** The "Measurement details" text: how each direction was counted. */
  details: string
}

/** A tile's whole figure; a failed or incomplete one is an error that quotes the page. */
const number = (text: string, unit: string): number => {
  const match = new RegExp(`^([\\d.]+) ${unit}$`).exec(text.trim())
  if (!match) throw new Error(`expected a complete measure in ${unit}, the page shows "${text}"`)
  return Number(match[1])
}

/** Runs one test on `${origin}/speed-test` and reads the tiles and the latency-under-load table. */
export async function runPageSpeedTest(page: Page, origin: string, serverName: string): Promise<PageSpeedResult> {
  await page.goto(`${origin}/speed-test`)
  await page.getByRole('button', { name: 'Start Test' }).click()
  await page.getByText(`Server: ${serverName}`).waitFor()
  // Complete or not, the test ends with a toast; an incomplete figure is then reported by number().
  await page
    .locator('[data-sonner-toast]')
    .filter({ hasText: /Speed Test (completed successfully|finished, but not every measurement is complete)/ })
    .first()
    .waitFor()
  const tile = (label: string) => page.locator('dl > div').filter({ hasText: label }).locator('dd').innerText()
  const row = async (label: string) => {
    const text = await page
      .getByRole('row', { name: new RegExp(`^${label}`) })
      .getByRole('cell')
      .first()
      .innerText()
    return /^[\d.]+ ms/.test(text.trim()) ? number(text, 'ms') : null
  }
  const grade = await page
    .getByText(/^Bufferbloat grade /)
    .innerText()
    .then((t) => /grade (\S+)/.exec(t)?.[1] ?? null)
    .catch(() => null)
  return {
    download: number(await tile('Download'), 'Mbps'),
    upload: number(await tile('Upload'), 'Mbps'),
    ping: number(await tile('Ping'), 'ms'),
    loadedDownload: await row('During download'),
    loadedUpload: await row('During upload'),
    grade,
    details: ((await page.locator('details').filter({ hasText: 'Measurement details' }).textContent()) ?? '').trim(),
  }
}
