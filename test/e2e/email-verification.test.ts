// End to end in Chromium at phone width: where the e-mail verification link lands. The real link
// signs in and says so; the same link again says it was already used; a changed or expired link
// says why and offers "Resend verification email", whose new link works.
import path from 'node:path'
import { signJWT } from 'better-auth/crypto'
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { createDatabase } from '../../src/server/db/database.ts'
import { loadAuthSecret } from '../../src/server/modules/auth/auth-secret.ts'
import { latestOutboxMail, readOutbox } from '../support/app/accounts.ts'
import { type RunningServer, useServerWithBrowser } from '../support/app/http-server.ts'
import { browserAvailable, type TestBrowser } from '../support/browser/browser.ts'

if (!browserAvailable) console.warn('SKIPPED: the e-mail verification end-to-end test needs chromium')

const PHONE = { width: 390, height: 844 }

describe.skipIf(!browserAvailable)('the e-mail verification landing', () => {
  let server: RunningServer
  let url: string
  let browser: TestBrowser

  useServerWithBrowser((running) => {
    ;({ server, browser } = running)
    url = server.url
  })

  async function newPage(): Promise<Page> {
    const context = await browser.newContext({ viewport: PHONE })
    context.setDefaultTimeout(10_000)
    return context.newPage()
  }
  const toast = (page: Page, text: string) =>
    page.locator('[data-sonner-toast]').filter({ hasText: text }).first().waitFor()
  const overflow = (page: Page) =>
    page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)
  const mailsTo = async (email: string) => (await readOutbox(server.dataDir)).filter((m) => m.to === email)

  async function signUp(page: Page, email: string) {
    await page.goto(`${url}/auth?tab=signup`)
    await page.getByLabel('Email').fill(email)
    await page.getByLabel('Password').fill(`${email}-secret`)
    await page.getByRole('button', { name: 'Sign Up', exact: true }).click()
    await toast(page, 'Check your email: we sent you a link to finish signing up.')
  }
  const verificationLink = async (email: string) => (await latestOutboxMail(server.dataDir, email)).links[0] ?? ''

  it('signs in with the real link and says so; the same link again says it was already used', async () => {
    const page = await newPage()
    await signUp(page, 'kim@example.test')
    const link = await verificationLink('kim@example.test')
    expect(link).toContain('/api/auth/verify-email?token=')
    await page.goto(link)
    await page.waitForURL(`${url}/auth?verified=1`)
    await page.getByRole('heading', { name: 'Email verified', level: 1 }).waitFor()
    await page.getByRole('status').filter({ hasText: 'Email verified — you are signed in.' }).waitFor()
    await page.getByRole('banner').getByRole('link', { name: 'Dashboard' }).waitFor()
    expect(await overflow(page)).toBeLessThanOrEqual(0)

    const elsewhere = await newPage()
    await elsewhere.goto(link)
    await elsewhere.waitForURL(`${url}/auth?verified=1&error=LINK_ALREADY_USED`)
    await elsewhere
      .getByRole('status')
      .filter({ hasText: 'This verification link was already used: your email address is verified.' })
      .waitFor()
    // The address is verified: signing in is what is left, no new link.
    expect(await elsewhere.getByRole('button', { name: 'Resend verification email' }).count()).toBe(0)
    await elsewhere.getByLabel('Email').fill('kim@example.test')
    await elsewhere.getByLabel('Password').fill('kim@example.test-secret')
    await elsewhere.getByRole('button', { name: 'Sign In', exact: true }).click()
    await toast(elsewhere, 'Signed in successfully!')
    await elsewhere.context().close()
    await page.context().close()
  })

  it('says why a changed link cannot be used and resends one that works, all by keyboard', async () => {
    const page = await newPage()
    await signUp(page, 'lee@example.test')
    const link = new URL(await verificationLink('lee@example.test'))
    link.searchParams.set('token', `${link.searchParams.get('token')}x`)
    await page.goto(link.href)
    await page.waitForURL(`${url}/auth?verified=1&error=INVALID_TOKEN`)
    await page.getByRole('heading', { name: 'Verification link not usable', level: 1 }).waitFor()
    await page
      .getByRole('alert')
      .filter({ hasText: 'This verification link is not valid: it may have been cut short or changed.' })
      .waitFor()
    expect(await overflow(page)).toBeLessThanOrEqual(0)
    await page.getByRole('banner').getByRole('link', { name: 'Sign In', exact: true }).waitFor()

    const before = (await mailsTo('lee@example.test')).length
    await page.getByLabel('Email').focus()
    await page.keyboard.type('lee@example.test')
    await page.keyboard.press('Tab')
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Resend verification email')
    await page.keyboard.press('Enter')
    await toast(page, 'Verification email sent')
    await page.getByRole('status').filter({ hasText: 'A new verification email is on its way' }).waitFor()
    let mails = await mailsTo('lee@example.test')
    for (let i = 0; i < 50 && mails.length === before; i++) {
      await new Promise((resolve) => setTimeout(resolve, 100))
      mails = await mailsTo('lee@example.test')
    }
    expect(mails.length).toBe(before + 1)
    await page.goto(mails.at(-1)?.links[0] ?? '')
    await page.getByRole('status').filter({ hasText: 'Email verified — you are signed in.' }).waitFor()
    await page.getByRole('banner').getByRole('link', { name: 'Dashboard' }).waitFor()
    await page.context().close()
  })

  it('says an expired link has expired and offers a new one', async () => {
    const page = await newPage()
    await signUp(page, 'max@example.test')
    const database = await createDatabase({ dialect: 'sqlite', file: path.join(server.dataDir, 'nettoolbox.db') })
    const secret = await loadAuthSecret(database.db)
    await database.close()
    const link = new URL(await verificationLink('max@example.test'))
    link.searchParams.set('token', await signJWT({ email: 'max@example.test' }, secret, -60))
    await page.goto(link.href)
    await page.waitForURL(`${url}/auth?verified=1&error=TOKEN_EXPIRED`)
    await page
      .getByRole('alert')
      .filter({ hasText: 'This verification link has expired (links last one hour).' })
      .waitFor()
    await page.getByRole('button', { name: 'Resend verification email' }).waitFor()
    await page.context().close()
  })
})
