// The first screens the server renders with the web app (src/server/plugins/page-render.ts): the
// home and tool pages drawn as the app draws them, signed out for a visitor without a session
// cookie, waiting for the sign-in check with one, and outlined when asked with a query string or for
// other pages. Needs the built bundle (npm test builds it).
import { existsSync } from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { catalogue } from '../../src/shared/catalogue.ts'
import { createTestApp, type TestApp } from '../support/app/app.ts'

const built = existsSync('dist/ssr/entry-server.js') && existsSync('dist/web/index.html')
if (!built) console.warn('SKIPPED: the page render test needs the built bundle (npm run build)')

describe.skipIf(!built)('pages rendered on the server', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp({ WEB_DIST: 'dist/web', PUBLIC_URL: 'http://127.0.0.1:8080' })
  })
  afterAll(async () => t?.close())

  const page = async (url: string, headers: Record<string, string> = {}) => {
    const res = await t.app.inject({ method: 'GET', url, headers })
    expect(res.statusCode).toBe(200)
    const root = /<div id="root"([^>]*)>/.exec(res.body)?.[1] ?? ''
    return { html: res.body, root, vary: String(res.headers.vary) }
  }

  it.each(catalogue.filter((entry) => entry.kind === 'tool'))(
    '/$route carries its form, label and button, drawn signed out, with no script left to run',
    async (entry) => {
      const { html, root, vary } = await page(`/${entry.route}`)
      expect(root).toBe(` data-rendered="/${entry.route}" data-auth="signed-out"`)
      if (entry.label) expect(html).toContain(`>${entry.label}</label>`)
      expect(html).toContain(`${entry.button}</button>`)
      // The form waits, disabled, for the script to take it over.
      expect(html).toMatch(/<fieldset disabled="" class="contents">/)
      // The only scripts to run are the two fixed inline ones of every page (theme and loader).
      expect(html.match(/<script(?! type="application\/ld\+json")/g)).toHaveLength(2)
      expect(html).not.toContain('<template')
      expect(vary).toContain('cookie')
    },
  )

  it('draws the home page signed out with its tools, or waiting for the check with a session cookie', async () => {
    const signedOut = await page('/')
    expect(signedOut.root).toBe(' data-rendered="/" data-auth="signed-out"')
    expect(signedOut.html).toContain('placeholder="Search tools..."')
    expect(signedOut.html).toContain('to save your results and view your history.')
    const withSession = await page('/', { cookie: 'nettoolbox.session_token=stale.value' })
    expect(withSession.root).toBe(' data-rendered="/"')
    expect(withSession.html).toContain('>Loading...</p>')
    expect(withSession.html).not.toContain('placeholder="Search tools..."')
  })

  it('outlines a page asked for with a query string, and pages other than home and tools', async () => {
    for (const url of ['/dns-lookup?q=example.com', '/?history=true', '/benefits', '/auth']) {
      const { root, html } = await page(url)
      expect(root, url).toBe('')
      expect(html, url).toContain('<header')
    }
  })
})
