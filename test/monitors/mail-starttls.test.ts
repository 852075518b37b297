// A mail monitor against real SMTP peers on loopback (the mail test's world: Knot for the MX records,
// smtp-server with and without STARTTLS): a domain whose mail host offers no STARTTLS is a problem
// that names the host; the certificate of the one that does is judged too.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { UNKNOWN_ISSUER } from '../../src/shared/tools/ssl/trust-words.ts'
import type { BrowserLikeClient } from '../support/app/accounts.ts'
import { knotAvailable } from '../support/dns/knot.ts'
import { MAIL_HOSTS, type MailWorld, startMailWorld } from '../support/mail/mail-world.ts'
import { type MonitorApp, startMonitorApp } from '../support/monitors/monitor-app.ts'
import { freePort } from '../support/net/ports.ts'

if (!knotAvailable) console.warn('SKIPPED: mail monitor tests need knotd (Debian package knot)')

describe.skipIf(!knotAvailable)('a mail monitor', () => {
  let world: MailWorld
  let t: MonitorApp
  let owner: BrowserLikeClient

  beforeAll(async () => {
    // Ports of our own, so that this world does not meet the mail tool tests' on 25 and 443.
    const smtp = await freePort(MAIL_HOSTS.mx1)
    world = await startMailWorld({ smtp, https: await freePort(MAIL_HOSTS.policy) })
    t = await startMonitorApp({
      DNS_SERVERS: world.knot.endpoint,
      TARGET_ALLOW: '127.0.0.0/8',
      MAIL_TEST_PORT: String(smtp),
    })
    owner = await t.signUp('mail-admin@example.test')
  }, 60_000)
  afterAll(async () => {
    await t?.close()
    await world?.stop()
  })

  const monitor = async (target: string) => {
    const res = await owner.request({
      method: 'POST',
      url: '/api/monitors',
      payload: { kind: 'mail', target, name: target, confirmations: 1 },
    })
    expect(res.statusCode).toBe(201)
    return t.checkNow(owner, res.json().id)
  }

  it('is a problem when the mail host offers no STARTTLS, naming the host', async () => {
    const item = await monitor('lax.test')
    expect(item.state).toBe('problem')
    expect(item.summary).toBe(`mx2.good.test [${MAIL_HOSTS.mx2}]: STARTTLS not offered`)
  }, 60_000)

  it('judges every host: one without STARTTLS, one whose certificate this server does not trust', async () => {
    const item = await monitor('good.test')
    expect(item.state).toBe('problem')
    expect(item.summary).toBe(
      `mx1.good.test [${MAIL_HOSTS.mx1}]: certificate not trusted: ${UNKNOWN_ISSUER}; mx2.good.test [${MAIL_HOSTS.mx2}]: STARTTLS not offered`,
    )
  }, 60_000)
})
