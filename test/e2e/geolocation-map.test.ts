// End to end: the geolocation panel shows a map when map tiles load, and only the coordinates
// when they cannot. Tiles are answered (or refused) inside the browser: no request leaves it
// except to the loopback server, and Chromium resolves no names at all.
import { deflateSync } from 'node:zlib'
import { type Browser, type BrowserContext, chromium } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type RunningServer, startHttpServer } from '../support/app/http-server.ts'
import { browserAvailable, CHROMIUM } from '../support/browser/browser.ts'

if (!browserAvailable) console.warn('SKIPPED: the geolocation map test needs chromium')

/** A 1x1 grey PNG, standing in for a map tile. */
function tilePng(): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1
    return c >>> 0
  })
  const crc = (bytes: Buffer) =>
    (bytes.reduce((c, b) => (crcTable[(c ^ b) & 0xff] ?? 0) ^ (c >>> 8), 0xffffffff) ^ 0xffffffff) >>> 0
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type), data])
    const out = Buffer.alloc(12 + data.length)
    out.writeUInt32BE(data.length, 0)
    body.copy(out, 4)
    out.writeUInt32BE(crc(body), 8 + data.length)
    return out
  }
  const header = Buffer.from([0, 0, 0, 1, 0, 0, 0, 1, 8, 0, 0, 0, 0])
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.from([0, 0x88]))),
    chunk('IEND', Buffer.alloc(0)),
  ])
}

describe.skipIf(!browserAvailable)('geolocation map in the browser', () => {
  let server: RunningServer
  let browser: Browser
  const outside: string[] = []

  beforeAll(async () => {
    server = await startHttpServer({ DNS_SERVERS: '127.0.0.1:9' })
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      headless: true,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--disable-background-networking',
        '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1',
      ],
    })
  })
  afterAll(async () => {
    await browser?.close()
    await server?.close()
  })

  /** A context whose requests to anything but our server are answered by `tiles` or refused. */
  async function isolatedContext(tiles: 'serve' | 'refuse'): Promise<BrowserContext> {
    const context = await browser.newContext()
    await context.route('**/*', async (route) => {
      const url = route.request().url()
      if (url.startsWith(server.url)) return route.continue()
      outside.push(url)
      if (tiles === 'serve' && /\.png(\?|$)/.test(url))
        return route.fulfill({ status: 200, contentType: 'image/png', body: tilePng() })
      return route.abort('addressunreachable')
    })
    return context
  }

  async function locate(context: BrowserContext) {
    const page = await context.newPage()
    const errors: string[] = []
    page.on('pageerror', (error) => errors.push(error.message))
    await page.goto(`${server.url}/geolocation`)
    await page.getByLabel('IP or domain', { exact: true }).fill('1.1.1.1')
    await page.getByRole('button', { name: 'Locate', exact: true }).click()
    const output = page.getByRole('region', { name: 'Results' })
    await output.getByText('Coordinates').first().waitFor()
    return { page, output, errors }
  }

  it('shows the location on a map with the DB-IP attribution when tiles load', async () => {
    const context = await isolatedContext('serve')
    const { output, errors } = await locate(context)
    await output.locator('.leaflet-tile-loaded').first().waitFor()
    expect(await output.locator('.leaflet-container').count()).toBe(1)
    const credit = output.getByRole('link', { name: /IP Geolocation by DB-IP/ })
    expect(await credit.getAttribute('href')).toBe('https://db-ip.com')
    expect(errors).toEqual([])
    await context.close()
  })

  it('leaves the coordinates and removes the map when the tiles cannot be loaded', async () => {
    const context = await isolatedContext('refuse')
    const { output, errors } = await locate(context)
    await output.locator('.leaflet-container').waitFor({ state: 'detached' })
    await output.getByText('Raw text').click()
    const text = await output.innerText()
    expect(text).toMatch(/Coordinates\s+-?\d+\.\d{4}, -?\d+\.\d{4}/)
    expect(text).toContain('Country: Australia (AU)')
    expect(errors).toEqual([])
    await context.close()
  })

  it('sent nothing beyond the loopback server: every other request was answered in the browser', () => {
    expect(outside.length).toBeGreaterThan(0)
    expect(outside.every((url) => /\.png(\?|$)/.test(url))).toBe(true)
  })
})
