// An SSL monitor against a real TLS server on loopback (certificates from the test CA, the name
// served by Knot): when the server's certificate is swapped for one that expires within the
// threshold, exactly one alert mail and one signed webhook go out, after the confirmations; when the
// good certificate is back, exactly one recovery of each. Each alert links to the check's permalink.
import { createHmac } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { WebhookPayload } from '../../src/shared/monitors.ts'
import type { BrowserLikeClient } from '../support/app/accounts.ts'
import { type KnotServer, knotAvailable, startKnot } from '../support/dns/knot.ts'
import { eventually, type MonitorApp, startMonitorApp } from '../support/monitors/monitor-app.ts'
import { startWebhookReceiver, type WebhookReceiver } from '../support/monitors/webhook-receiver.ts'
import { createTestCa, type IssuedCert, opensslAvailable, type TestCa } from '../support/tls/test-ca.ts'
import { startTlsSite, type TlsSite } from '../support/tls/tls-site.ts'

const ready = knotAvailable && opensslAvailable
if (!ready) console.warn('SKIPPED: SSL monitor tests need knotd (Debian knot) and openssl')

const DAY = 86_400_000
const HOST = '127.0.0.31'
const ZONE = `$ORIGIN monitor.test.
$TTL 300
@    IN SOA ns1.monitor.test. hostmaster.monitor.test. 2026112501 7200 3600 1209600 300
@    IN NS  ns1.monitor.test.
ns1  IN A   127.0.0.1
shop IN A   ${HOST}
`

describe.skipIf(!ready)('an SSL monitor whose certificate is about to expire', () => {
  let ca: TestCa
  let knot: KnotServer
  let site: TlsSite
  let receiver: WebhookReceiver
  let t: MonitorApp
  let owner: BrowserLikeClient
  let good: IssuedCert
  let expiring: IssuedCert
  let monitorId: string
  let secret: string
  const EMAIL = 'certs@example.test'

  const serve = async (cert: IssuedCert, port?: number) => {
    await site?.close()
    site = await startTlsSite({ host: HOST, port, key: cert.key, cert: cert.chain })
  }

  beforeAll(async () => {
    ca = await createTestCa()
    good = await ca.issue({ names: ['shop.monitor.test'], notAfter: new Date(Date.now() + 200 * DAY) })
    expiring = await ca.issue({ names: ['shop.monitor.test'], notAfter: new Date(Date.now() + 5 * DAY + 3_600_000) })
    await serve(good)
    knot = await startKnot([{ origin: 'monitor.test', text: ZONE }])
    receiver = await startWebhookReceiver()
    t = await startMonitorApp({
      DNS_SERVERS: knot.endpoint,
      TARGET_ALLOW: '127.0.0.0/8',
      EXTRA_CA_FILE: ca.rootFile,
      PUBLIC_URL: 'http://localhost:8080',
    })
    owner = await t.signUp(EMAIL)
    const res = await owner.request({
      method: 'POST',
      url: '/api/monitors',
      payload: {
        kind: 'ssl',
        target: `shop.monitor.test:${site.port}`,
        name: 'Shop certificate',
        settings: { expiryDays: 14 },
        confirmations: 2,
        webhookUrl: receiver.url,
      },
    })
    expect(res.statusCode).toBe(201)
    monitorId = res.json().id
    secret = res.json().webhookSecret
  }, 60_000)
  afterAll(async () => {
    await t?.close()
    await receiver?.close()
    await site?.close()
    await knot?.stop()
    await ca?.remove()
  })

  const check = () => t.checkNow(owner, monitorId)
  const webhooks = () => receiver.deliveries.map((d) => JSON.parse(d.body) as WebhookPayload)
  /** Waits for the alert deliveries of a state change to finish (the event's webhook no longer pending). */
  const settled = () =>
    eventually(async () => {
      const events = (await owner.get(`/api/monitors/${monitorId}/events`)).json().items
      return events.some((e: { alert: { webhook: string } }) => e.alert.webhook === 'pending') ? undefined : events
    }, 'alert deliveries')

  it('reads the valid certificate as ok, and a new monitor being ok alerts nobody', async () => {
    const first = await check()
    expect(first).toMatchObject({ state: 'unknown' })
    expect(first.summary).toMatch(/^Certificate valid for (199|200) more days$/)
    const second = await check()
    expect(second.state).toBe('ok')
    await settled()
    expect(await t.alertMails(EMAIL)).toEqual([])
    expect(receiver.deliveries).toEqual([])
  }, 60_000)

  it('raises one alert mail and one signed webhook once the expiring certificate is confirmed', async () => {
    await serve(expiring, site.port)
    const first = await check()
    // One result is not enough (confirmations: 2).
    expect(first.state).toBe('ok')
    expect(first.summary).toBe('Certificate expires in 5 days (alert below 14)')
    const second = await check()
    expect(second.state).toBe('problem')
    await check()
    await settled()

    const mails = await t.alertMails(EMAIL)
    expect(mails.map((m) => m.subject)).toEqual([`Problem: Shop certificate (shop.monitor.test:${site.port})`])
    expect(mails[0]?.text).toContain('Certificate expires in 5 days (alert below 14)')
    const permalink = mails[0]?.links.find((l) => l.includes('/r/'))
    expect(mails[0]?.links).toContain(`http://localhost:8080/monitors/${monitorId}`)
    expect(permalink).toMatch(/^http:\/\/localhost:8080\/r\/[\w-]{22}$/)

    expect(receiver.deliveries).toHaveLength(1)
    const [delivery] = receiver.deliveries
    const expected = `sha256=${createHmac('sha256', secret)
      .update(delivery?.body ?? '')
      .digest('hex')}`
    expect(delivery?.signature).toBe(expected)
    expect(delivery?.contentType).toBe('application/json')
    expect(webhooks()[0]).toMatchObject({
      event: 'monitor.problem',
      monitor: { id: monitorId, kind: 'ssl', target: `shop.monitor.test:${site.port}` },
      from: 'ok',
      to: 'problem',
      summary: 'Certificate expires in 5 days (alert below 14)',
      resultUrl: permalink,
    })
    // The permalink holds the check's own SSL result.
    const shareId = permalink?.split('/r/')[1]
    const shared = await t.app.inject(`/api/results/${shareId}`)
    expect(shared.statusCode).toBe(200)
    expect(shared.json()).toMatchObject({ tool: 'ssl', input: `shop.monitor.test:${site.port}` })
    expect(shared.json().result.certificate.daysLeft).toBe(5)
  }, 60_000)

  it('raises one recovery of each when the good certificate is back', async () => {
    await serve(good, site.port)
    await check()
    const back = await check()
    expect(back.state).toBe('ok')
    await check()
    await settled()
    const mails = await t.alertMails(EMAIL)
    expect(mails.map((m) => m.subject.split(':')[0])).toEqual(['Problem', 'Recovered'])
    expect(webhooks().map((w) => w.event)).toEqual(['monitor.problem', 'monitor.recovered'])
    const recovery = receiver.deliveries[1]
    expect(recovery?.signature).toBe(
      `sha256=${createHmac('sha256', secret)
        .update(recovery?.body ?? '')
        .digest('hex')}`,
    )

    const events = (await owner.get(`/api/monitors/${monitorId}/events`)).json().items
    expect(events.map((e: { from: string; to: string }) => `${e.from}→${e.to}`)).toEqual([
      'problem→ok',
      'ok→problem',
      'unknown→ok',
    ])
    expect(events[0].alert).toEqual({ email: true, webhook: 'delivered' })
    expect(events[2].alert).toEqual({ email: false, webhook: 'none' })
    const checks = (await owner.get(`/api/monitors/${monitorId}/checks`)).json().items
    // Days to expiry, check by check: the long-lived certificate reads 199 or 200 depending on the hour.
    const values: number[] = checks.map((c: { value: number }) => c.value)
    expect(values.slice(2, 5)).toEqual([5, 5, 5])
    expect([...values.slice(0, 2), ...values.slice(5)].every((v) => v === 199 || v === 200)).toBe(true)
    expect(checks.every((c: { runId: string | null }) => c.runId !== null)).toBe(true)
    // A certificate monitor's record is its time in Problem and its state changes, never an uptime;
    // the monitor is younger than a day, so its one window runs from its creation.
    const item = (await owner.get(`/api/monitors/${monitorId}`)).json()
    const inProblem = Date.parse(events[0].time) - Date.parse(events[1].time)
    expect(inProblem).toBeGreaterThan(0)
    expect(item.windows).toEqual([
      { span: 'created', since: item.createdAt, uptime: null, problemMs: inProblem, stateChanges: 3 },
    ])
  }, 60_000)
})
