import { it } from 'vitest'
import { createTestApp } from './support/app.ts'
import { launchBrowser } from './support/browser.ts'
import { freePort } from './support/ports.ts'
it('debug', async () => {
  const port = await freePort()
  const url = `http://127.0.0.1:${port}`
  const server = await createTestApp({ WEB_DIST: '/tmp/nt-accounts-web', PUBLIC_URL: url, LOG_LEVEL: 'info' })
  await server.app.listen({ port, host: '127.0.0.1' })
  const browser = await launchBrowser()
  try {
    const ctx = await browser.newContext()
    const page = await ctx.newPage()
    page.setDefaultTimeout(8000)
    page.on('console', (m) => console.log('console', m.type(), m.text()))
    page.on('pageerror', (e) => console.log('pageerror', e.message))
    page.on('response', (r) => { if (r.url().includes('/api/')) console.log('resp', r.status(), r.url()) })
    await page.goto(`${url}/auth?tab=signup`)
    await page.waitForTimeout(2000)
    await page.screenshot({ path: '/tmp/dbg1.png' })
    console.log((await page.content()).slice(0, 3000))
  } finally { await browser.close(); await server.close() }
}, 60000)
