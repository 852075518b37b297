// Sends the alerts of a state change: the owner's mail (through the project's mailer or outbox) and
// the monitor's webhook; records on the event what went out. Deliveries run in the background and
// are awaited when the app closes.
import type { FastifyBaseLogger } from 'fastify'
import type { WebhookPayload } from '../../../shared/monitors.ts'
import type { Mailer } from '../mail/mailer.ts'
import { alertMail } from './alert-mail.ts'
import type { ChecksRepository } from './checks-repository.ts'
import type { MonitorRecord, MonitorsRepository } from './monitors-repository.ts'
import { deliverWebhook, type WebhookSettings } from './webhook.ts'

export interface AlertDetails {
  eventId: string
  kind: 'problem' | 'recovered'
  payload: WebhookPayload
}

export interface Alerter {
  send(monitor: MonitorRecord, details: AlertDetails): void
  /** Waits for the deliveries in progress (the webhook's retries included) and stops new waits. */
  drain(): Promise<void>
}

export function createAlerter(deps: {
  mailer: Pick<Mailer, 'send'>
  monitors: Pick<MonitorsRepository, 'ownerEmail'>
  checks: Pick<ChecksRepository, 'setEventAlert'>
  webhook: Omit<WebhookSettings, 'signal'>
  /** The site's address: mails link to the monitor's page there. */
  publicUrl: string
  log: FastifyBaseLogger
}): Alerter {
  const inFlight = new Set<Promise<void>>()
  const closing = new AbortController()

  const mail = async (monitor: MonitorRecord, { eventId, kind, payload }: AlertDetails) => {
    const to = await deps.monitors.ownerEmail(monitor.userId)
    if (!to) return
    const details = {
      summary: payload.summary,
      at: Date.parse(payload.time),
      resultUrl: payload.resultUrl,
      publicUrl: deps.publicUrl,
    }
    await deps.mailer.send(alertMail(to, monitor, kind, details))
    await deps.checks.setEventAlert(eventId, { alertEmail: true })
  }

  const webhook = async (monitor: MonitorRecord, url: string, { eventId, payload }: AlertDetails) => {
    const delivery = await deliverWebhook(url, payload, monitor.webhookSecret, {
      ...deps.webhook,
      signal: closing.signal,
    })
    if (!delivery.delivered)
      deps.log.warn(
        { monitor: monitor.id, attempts: delivery.attempts, error: delivery.error },
        'webhook not delivered',
      )
    await deps.checks.setEventAlert(eventId, { webhook: delivery.delivered ? 'delivered' : 'failed' })
  }

  const track = (work: Promise<void>, what: string, monitorId: string) => {
    const done = work.catch((error) => deps.log.error({ err: error, monitor: monitorId }, `${what} failed`))
    inFlight.add(done)
    void done.finally(() => inFlight.delete(done))
  }

  return {
    send(monitor, details) {
      if (monitor.alertEmail) track(mail(monitor, details), 'alert mail', monitor.id)
      if (monitor.webhookUrl) track(webhook(monitor, monitor.webhookUrl, details), 'webhook alert', monitor.id)
    },
    async drain() {
      // Retries still waiting give up at once; a try in progress ends within its deadline.
      closing.abort()
      await Promise.all([...inFlight])
    },
  }
}
