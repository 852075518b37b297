// What the server sends before any JavaScript runs: every page's own head (title, description,
// keywords, canonical URL, Open Graph, robots, structured data for tools), /robots.txt and
// /sitemap.xml from the catalogue, revalidated HTML, and precompressed, long-cached assets.
import { readdirSync } from 'node:fs'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { catalogue } from '../../src/shared/catalogue.ts'
import { pageHeadFor, publicPagePaths } from '../../src/shared/page-meta.ts'
import { PAGE_PATHS } from '../../src/shared/site-paths.ts'
import { createTestApp, type TestApp } from '../support/app/app.ts'

const ORIGIN = 'https://tools.example.net'
let t: TestApp

beforeAll(async () => {
  t = await createTestApp({ WEB_DIST: 'dist/web', PUBLIC_URL: ORIGIN })
})
afterAll(async () => t?.close())

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers })

/** The content of the first tag matching `pattern`'s capture, HTML entities decoded. */
function pick(html: string, pattern: RegExp): string | undefined {
  const value = pattern.exec(html)?.[1]
  return value
    ?.replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&')
}
const metaName = (html: string, name: string) => pick(html, new RegExp(`<meta name="${name}" content="([^"]*)"`))
const metaProperty = (html: string, property: string) =>
  pick(html, new RegExp(`<meta property="${property}" content="([^"]*)"`))

const allPaths = [...PAGE_PATHS, ...catalogue.map((e) => `/${e.route}`)]

describe('served HTML of every page', () => {
  it.each(allPaths)('%s carries its own head in the HTML the server sends', async (path) => {
    const res = await get(path)
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8')
    const html = res.body
    const head = pageHeadFor(path)
    expect(pick(html, /<title>([^<]*)<\/title>/)).toBe(head.title)
    expect(html.match(/<title>/g)).toHaveLength(1)
    expect(metaName(html, 'description')).toBe(head.description)
    expect(metaName(html, 'keywords')).toBe(head.keywords)
    expect(pick(html, /<link rel="canonical" href="([^"]*)"/)).toBe(`${ORIGIN}${path}`)
    expect(metaProperty(html, 'og:title')).toBe(head.title)
    expect(metaProperty(html, 'og:description')).toBe(head.description)
    expect(metaProperty(html, 'og:url')).toBe(`${ORIGIN}${path}`)
    expect(metaProperty(html, 'og:type')).toBe('website')
    expect(metaName(html, 'robots')).toBe(
      ['/auth', '/dashboard', '/monitors'].includes(path) ? 'noindex, follow' : 'index, follow',
    )
    const data = pick(html, /<script type="application\/ld\+json">([^<]*)<\/script>/)
    const entry = catalogue.find((e) => `/${e.route}` === path)
    if (entry && ['tool', 'speed', 'phone'].includes(entry.kind)) {
      expect(JSON.parse(data ?? 'null')).toMatchObject({
        '@context': 'https://schema.org',
        '@type': 'WebApplication',
        name: entry.name,
        url: `${ORIGIN}${path}`,
        isAccessibleForFree: true,
      })
    } else {
      expect(data).toBeUndefined()
    }
  })

  it('serves a monitor’s page with the monitors head, marked noindex, and nothing deeper', async () => {
    const res = await get('/monitors/Zx3_monitor-id')
    expect(res.statusCode).toBe(200)
    expect(pick(res.body, /<title>([^<]*)<\/title>/)).toBe('Monitors | NetToolbox')
    expect(metaName(res.body, 'robots')).toBe('noindex, follow')
    expect((await get('/monitors/Zx3_monitor-id/more')).statusCode).toBe(404)
  })

  it('gives an unknown path the 404 page head, marked noindex, with status 404', async () => {
    const res = await get('/no-such-page')
    expect(res.statusCode).toBe(404)
    expect(pick(res.body, /<title>([^<]*)<\/title>/)).toBe('Page not found | NetToolbox')
    expect(metaName(res.body, 'robots')).toBe('noindex, follow')
  })

  it('sends HTML for revalidation on every visit, with an ETag that answers 304 when unchanged', async () => {
    const first = await get('/ping')
    expect(first.headers['cache-control']).toBe('no-cache')
    const etag = String(first.headers.etag)
    expect(etag).toMatch(/^"[\w-]+"$/)
    const again = await get('/ping', { 'if-none-match': etag })
    expect(again.statusCode).toBe(304)
    expect(again.body).toBe('')
    expect((await get('/whois', { 'if-none-match': etag })).statusCode).toBe(200)
  })

  it('sends the HTML brotli- or gzip-compressed when the browser accepts it, identical once decoded', async () => {
    const plain = await get('/ping')
    expect(plain.headers['content-encoding']).toBeUndefined()
    const brotli = await get('/ping', { 'accept-encoding': 'gzip, deflate, br' })
    expect(brotli.headers['content-encoding']).toBe('br')
    expect(String(brotli.headers.vary)).toMatch(/accept-encoding/i)
    expect(brotliDecompressSync(brotli.rawPayload).toString('utf8')).toBe(plain.body)
    const gzip = await get('/ping', { 'accept-encoding': 'gzip;q=1, br;q=0' })
    expect(gzip.headers['content-encoding']).toBe('gzip')
    expect(gunzipSync(gzip.rawPayload).toString('utf8')).toBe(plain.body)
  })

  it('escapes what it writes into the head', async () => {
    const html = (await get('/')).body
    expect(html).not.toMatch(/content="[^"]*<[^"]*"/)
  })
})

describe('/robots.txt and /sitemap.xml', () => {
  it('lets robots in everywhere but the API and the dashboard, and points at the sitemap', async () => {
    const res = await get('/robots.txt')
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8')
    expect(res.body).toBe(
      [
        'User-agent: *',
        'Allow: /',
        'Disallow: /api/',
        'Disallow: /dashboard',
        `Sitemap: ${ORIGIN}/sitemap.xml`,
        '',
      ].join('\n'),
    )
  })

  it('lists every public page from the catalogue, and no account page', async () => {
    const res = await get('/sitemap.xml')
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toBe('application/xml; charset=utf-8')
    const locs = [...res.body.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1])
    expect(locs).toEqual(publicPagePaths().map((p) => `${ORIGIN}${p}`))
    expect(locs).toContain(`${ORIGIN}/`)
    expect(locs).toHaveLength(catalogue.length + 3)
    expect(locs).toContain(`${ORIGIN}/privacy`)
    expect(locs).not.toContain(`${ORIGIN}/dashboard`)
    expect(locs).not.toContain(`${ORIGIN}/auth`)
  })
})

describe('static assets', () => {
  async function mainScript(): Promise<string> {
    const src = /<script data-entry="([^"]+)"/.exec((await get('/')).body)?.[1]
    if (!src) throw new Error('no module script in the page')
    return src
  }

  it('sends the main script brotli- or gzip-encoded by Accept-Encoding, identical once decoded, cached for a year', async () => {
    const src = await mainScript()
    const plain = await get(src, { 'accept-encoding': 'identity' })
    expect(plain.statusCode).toBe(200)
    expect(plain.headers['content-encoding']).toBeUndefined()
    expect(plain.headers['cache-control']).toBe('public, max-age=31536000, immutable')

    const brotli = await get(src, { 'accept-encoding': 'gzip, deflate, br' })
    expect(brotli.headers['content-encoding']).toBe('br')
    expect(brotli.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    expect(String(brotli.headers.vary)).toMatch(/accept-encoding/i)
    expect(brotli.headers['content-type']).toMatch(/^text\/javascript|^application\/javascript/)
    expect(brotliDecompressSync(brotli.rawPayload).equals(plain.rawPayload)).toBe(true)
    // The biggest script shrinks to well under a third.
    expect(brotli.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3)

    const gzip = await get(src, { 'accept-encoding': 'gzip' })
    expect(gzip.headers['content-encoding']).toBe('gzip')
    expect(gunzipSync(gzip.rawPayload).equals(plain.rawPayload)).toBe(true)
  })

  it('writes the stylesheet into the page, and still serves it compressed for anyone who asks', async () => {
    const html = (await get('/')).body
    expect(html).toMatch(/<style>[^<]*--/)
    expect(html).not.toMatch(/<link rel="stylesheet"/)
    const css = readdirSync('dist/web/assets').find((f) => /^index-.*\.css$/.test(f))
    if (!css) throw new Error('no stylesheet in the bundle')
    const res = await get(`/assets/${css}`, { 'accept-encoding': 'br' })
    expect(res.headers['content-encoding']).toBe('br')
    expect(res.headers['content-type']).toMatch(/^text\/css/)
  })
})
