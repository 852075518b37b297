// Addresses that only the operator can give: the header's Report Issue link and the security.txt
// contact are served when configured and left out when not, never pointing at a made-up address.
import { afterEach, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../support/app/app.ts'

let t: TestApp | undefined
afterEach(async () => {
  await t?.close()
  t = undefined
})

const get = (app: TestApp, url: string) => app.app.inject({ method: 'GET', url })

describe('operator links', () => {
  it('serves no security.txt and no Report Issue link when neither is configured', async () => {
    t = await createTestApp({ WEB_DIST: 'dist/web' })
    expect((await get(t, '/.well-known/security.txt')).statusCode).toBe(404)
    for (const path of ['/', '/dns-lookup', '/privacy', '/?q=x']) {
      const html = (await get(t, path)).body
      expect(html).not.toContain('ntb:report-issue-url')
      expect(html).not.toContain('Report Issue')
      expect(html).not.toMatch(/nettoolbox\.example|github\.com\/nettoolbox/)
    }
  })

  it('writes the configured Report Issue address into every page and its server-drawn header', async () => {
    t = await createTestApp({ WEB_DIST: 'dist/web', REPORT_ISSUE_URL: 'https://support.example.test/new?x=1&y=2' })
    const home = (await get(t, '/')).body
    expect(home).toContain(
      '<meta name="ntb:report-issue-url" content="https://support.example.test/new?x=1&amp;y=2" />',
    )
    expect(home).toMatch(/<a href="https:\/\/support\.example\.test\/new\?x=1&amp;y=2"[^>]*>.*Report Issue/s)
    expect((await get(t, '/auth')).body).toContain('ntb:report-issue-url')
  })

  it('refuses a Report Issue address that is not an http(s) or mailto URL', async () => {
    await expect(createTestApp({ REPORT_ISSUE_URL: 'javascript:alert(1)' })).rejects.toThrow(/REPORT_ISSUE_URL/)
  })
})
