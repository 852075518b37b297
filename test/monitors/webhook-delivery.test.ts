// Webhook alerts against loopback receivers: retried with exponential backoff while the receiver
// fails (5xx), given up after MONITOR_WEBHOOK_RETRIES, not retried on a 4xx, and never sent to an
// address the target policy refuses.
import { createHmac } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createNet } from '../../src/diagnostics/net/net.ts'
import { deliverWebhook, signWebhookBody } from '../../src/server/modules/monitors/webhook.ts'
import type { WebhookPayload } from '../../src/shared/monitors.ts'
import type { BrowserLikeClient } from '../support/app/accounts.ts'
import { type HttpSite, startHttpSite } from '../support/http/http-site.ts'
import { eventually, type MonitorApp, startMonitorApp } from '../support/monitors/monitor-app.ts'
import { startWebhookReceiver, type WebhookReceiver } from '../support/monitors/webhook-receiver.ts'

const PAYLOAD: WebhookPayload = {
  event: 'monitor.problem',
  monitor: { id: 'm1', name: 'Site', kind: 'website', target: 'https://example.test/' },
  from: 'ok',
  to: 'problem',
  summary: 'Down: HTTP 503 Service Unavailable',
  time: '2026-11-25T12:00:00.000Z',
  resultUrl: null,
}

describe('webhook alerts from a monitor', () => {
  let t: MonitorApp
  let down: HttpSite
  let owner: BrowserLikeClient
  const receivers: WebhookReceiver[] = []

  beforeAll(async () => {
    down = await startHttpSite('127.0.0.1', (_request, response) => response.writeHead(503).end('down\n'))
    t = await startMonitorApp({
      TARGET_ALLOW: '127.0.0.0/8',
      MONITOR_WEBHOOK_RETRIES: '3',
      MONITOR_WEBHOOK_BACKOFF_MS: '300',
    })
    owner = await t.signUp('hooks@example.test')
  })
  afterAll(async () => {
    await t?.close()
    await down?.close()
    await Promise.all(receivers.map((r) => r.close()))
  })

  /** A website monitor of the failing site that alerts `receiver` at its first check. */
  async function alertTo(receiver: WebhookReceiver) {
    const res = await owner.request({
      method: 'POST',
      url: '/api/monitors',
      payload: {
        kind: 'website',
        target: `http://127.0.0.1:${down.port}/`,
        name: 'Down site',
        confirmations: 1,
        alertEmail: false,
        webhookUrl: receiver.url,
      },
    })
    const { id, webhookSecret } = res.json()
    const item = await t.checkNow(owner, id)
    expect(item.state).toBe('problem')
    const event = await eventually(async () => {
      const [latest] = (await owner.get(`/api/monitors/${id}/events`)).json().items
      return latest?.alert.webhook === 'pending' ? undefined : latest
    }, 'the webhook delivery')
    return { event, secret: webhookSecret as string }
  }

  it('retries with growing waits while the receiver fails, and stops once it takes the alert', async () => {
    const receiver = await startWebhookReceiver([500, 502])
    receivers.push(receiver)
    const { event, secret } = await alertTo(receiver)
    expect(event.alert.webhook).toBe('delivered')
    expect(receiver.deliveries.map((d) => d.status)).toEqual([500, 502, 200])
    const [first, second, third] = receiver.deliveries.map((d) => d.at)
    expect((second ?? 0) - (first ?? 0)).toBeGreaterThanOrEqual(300)
    expect((third ?? 0) - (second ?? 0)).toBeGreaterThanOrEqual(600)
    // Every try carries the same body and a valid signature of it.
    const bodies = new Set(receiver.deliveries.map((d) => d.body))
    expect(bodies.size).toBe(1)
    for (const delivery of receiver.deliveries) {
      expect(delivery.signature).toBe(`sha256=${createHmac('sha256', secret).update(delivery.body).digest('hex')}`)
    }
    expect(JSON.parse(receiver.deliveries[0]?.body ?? '{}')).toMatchObject({
      event: 'monitor.problem',
      summary: 'Down: HTTP 503 Service Unavailable',
    })
  }, 30_000)

  it('gives up after the configured retries and records the failure', async () => {
    const receiver = await startWebhookReceiver([500, 500, 500, 500, 500, 500])
    receivers.push(receiver)
    const { event } = await alertTo(receiver)
    expect(event.alert.webhook).toBe('failed')
    expect(receiver.deliveries).toHaveLength(4)
  }, 30_000)

  it('does not retry a receiver that refuses the alert (4xx)', async () => {
    const receiver = await startWebhookReceiver([404])
    receivers.push(receiver)
    const { event } = await alertTo(receiver)
    expect(event.alert.webhook).toBe('failed')
    expect(receiver.deliveries).toHaveLength(1)
  }, 30_000)
})

describe('deliverWebhook()', () => {
  it('sends nothing to an address the target policy refuses, and does not retry', async () => {
    const receiver = await startWebhookReceiver()
    try {
      // No TARGET_ALLOW: loopback is refused like any private address.
      const net = createNet({ targetAllow: [], dnsServers: ['127.0.0.1:53'] })
      const delivery = await deliverWebhook(receiver.url, PAYLOAD, 'secret', { net, retries: 3, backoffMs: 10 })
      expect(delivery).toEqual({
        delivered: false,
        attempts: 1,
        error: '127.0.0.1 is not allowed: loopback',
      })
      expect(receiver.deliveries).toEqual([])
    } finally {
      await receiver.close()
    }
  })

  it('signs the exact body bytes: sha256= and the hex HMAC-SHA256 with the secret', () => {
    expect(signWebhookBody('{"a":1}', 'key')).toBe(
      `sha256=${createHmac('sha256', 'key').update('{"a":1}').digest('hex')}`,
    )
    expect(signWebhookBody('{"a":1}', 'key')).not.toBe(signWebhookBody('{"a":2}', 'key'))
  })
})
