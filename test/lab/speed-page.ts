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
  /** Each use's rating as the page shows it ("Great" … "Bad", or "Not rated"). */
  quality: { streaming: string; gaming: string; videoCalls: string }
  /** The quality section's text: what set each rating and what was not judged. */
  qualityText: string
  /**
   * Each use's thresholds as shown: per input (its label, e.g. "Download"), the rating of the
   * measured value, or null where the page says "not measured".
   */
  inputRatings: Record<'streaming' | 'gaming' | 'videoCalls', Record<string, string | null>>
  /** The packet-loss line as shown. */
  packetLoss: string
  /** The latency spread table's cells per phase (Min, p25, Median, p75, p90, in ms); null for "–". */
  spread: { idle: (number | null)[]; download: (number | null)[]; upload: (number | null)[] }
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
  const rating = async (use: string) =>
    (await page.getByRole('heading', { level: 4, name: new RegExp(`^${use}: `) }).innerText()).replace(`${use}: `, '')
  const inputRatings = async (use: string) => {
    const items = page.locator('details', { hasText: `Thresholds for ${use}` }).locator('li')
    const ratings: Record<string, string | null> = {}
    for (const text of await items.allTextContents()) {
      const input = text.slice(0, text.indexOf(':'))
      ratings[input] = /\((Great|Good|Average|Poor|Bad)\)/.exec(text)?.[1] ?? null
    }
    return ratings
  }
  const spreadTable = page.getByRole('region', { name: 'Latency spread (ms)' })
  const spreadRow = async (phase: string) =>
    (
      await spreadTable
        .getByRole('row', { name: new RegExp(`^${phase}`) })
        .getByRole('cell')
        .allInnerTexts()
    ).map((cell) => (/^[\d.]+$/.test(cell.trim()) ? Number(cell) : null))
  return {
    download: number(await tile('Download'), 'Mbps'),
    upload: number(await tile('Upload'), 'Mbps'),
    ping: number(await tile('Ping'), 'ms'),
    loadedDownload: await row('During download'),
    loadedUpload: await row('During upload'),
    grade,
    details: ((await page.locator('details').filter({ hasText: 'Measurement details' }).textContent()) ?? '').trim(),
    quality: {
      streaming: await rating('Streaming'),
      gaming: await rating('Gaming'),
      videoCalls: await rating('Video calls'),
    },
    qualityText: await page.getByRole('region', { name: 'Quality for streaming, gaming and video calls' }).innerText(),
    inputRatings: {
      streaming: await inputRatings('streaming'),
      gaming: await inputRatings('gaming'),
      videoCalls: await inputRatings('video calls'),
    },
    packetLoss: await page.locator('p', { hasText: /^Packet loss: not measured/ }).innerText(),
    spread: { idle: await spreadRow('Idle'), download: await spreadRow('Download'), upload: await spreadRow('Upload') },
  }
}
