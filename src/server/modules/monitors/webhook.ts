// Webhook alerts: a JSON POST through the guarded HTTP client (the target policy applies as to any
// outbound connection), signed with the monitor's secret, retried with exponential backoff.
import { createHmac } from 'node:crypto'
import { GuardedFetchError, guardedFetch } from '../../../diagnostics/net/guarded-http.ts'
import type { Net } from '../../../diagnostics/net/net.ts'
import { WEBHOOK_SIGNATURE_HEADER, type WebhookPayload } from '../../../shared/monitors.ts'

/** The signature header's value: "sha256=" and the hex HMAC-SHA256 of the exact body bytes. */
export function signWebhookBody(body: string | Buffer, secret: string): string {
  return `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`
}

export interface WebhookSettings {
  net: Pick<Net, 'policy' | 'resolveTarget'>
  /** Tries after the first one. */
  retries: number
  /** Wait before the first retry; doubled before each further one. */
  backoffMs: number
  /** Deadline of each try. */
  timeoutMs?: number
  /** Waits between tries (tests may shorten it); stops early when `signal` aborts. */
  sleep?: (ms: number, signal: AbortSignal) => Promise<void>
  signal?: AbortSignal
}

export interface WebhookDelivery {
  delivered: boolean
  attempts: number
  /** The last try's failure, when not delivered. */
  error?: string
}

/** Failures worth another try: the receiver was unreachable, slow or said so (408, 429, 5xx). */
const retryableStatus = (status: number) => status === 408 || status === 429 || status >= 500
const RETRYABLE_KINDS = new Set(['timeout', 'network', 'resolve'])

const defaultSleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms)
    signal.addEventListener(
      'abort',
      () => {
        clearTimeout(timer)
        resolve()
      },
      { once: true },
    )
  })

export async function deliverWebhook(
  url: string,
  payload: WebhookPayload,
  secret: string,
  settings: WebhookSettings,
): Promise<WebhookDelivery> {
  const body = Buffer.from(JSON.stringify(payload))
  const signal = settings.signal ?? new AbortController().signal
  const sleep = settings.sleep ?? defaultSleep
  let error = ''
  for (let attempt = 1; attempt <= settings.retries + 1; attempt++) {
    if (attempt > 1) await sleep(settings.backoffMs * 2 ** (attempt - 2), signal)
    if (signal.aborted) return { delivered: false, attempts: attempt - 1, error: 'delivery stopped' }
    try {
      const response = await guardedFetch(url, {
        net: settings.net,
        signal,
        method: 'POST',
        body,
        timeoutMs: settings.timeoutMs ?? 10_000,
        maxBytes: 64 * 1024,
        headers: {
          'content-type': 'application/json',
          [WEBHOOK_SIGNATURE_HEADER.toLowerCase()]: signWebhookBody(body, secret),
          'user-agent': 'NetToolbox monitors',
        },
      })
      if (response.status >= 200 && response.status < 300) return { delivered: true, attempts: attempt }
      error = `the receiver answered HTTP ${response.status}`
      if (!retryableStatus(response.status)) return { delivered: false, attempts: attempt, error }
    } catch (caught) {
      if (!(caught instanceof GuardedFetchError)) throw caught
      error = caught.message
      if (!RETRYABLE_KINDS.has(caught.kind)) return { delivered: false, attempts: attempt, error }
    }
  }
  return { delivered: false, attempts: settings.retries + 1, error }
}
