// Forwards first-party events to PostHog's capture API when POSTHOG_KEY is configured. The host is
// the operator's choice (POSTHOG_HOST); requests have a deadline, follow no redirect and carry no
// cookie. Signed-in users are identified by their account id only; anonymous events use the page
// view's random session id and create no person profile.
import { randomUUID } from 'node:crypto'

export interface ForwardedEvent {
  name: string
  userId: string | null
  properties: Record<string, unknown>
  /** ISO-8601 time the server received the event. */
  timestamp: string
}

export interface PosthogOptions {
  key: string
  host: string
  fetch?: typeof globalThis.fetch
  timeoutMs?: number
}

export type ForwardEvent = (event: ForwardedEvent) => Promise<void>

const SESSION_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

function sessionIdOf(properties: Record<string, unknown>): string | undefined {
  const value = properties.session_id
  return typeof value === 'string' && SESSION_ID.test(value) ? value : undefined
}

/** The capture body of one event (PostHog's single-event format). */
export function toCapturePayload(apiKey: string, event: ForwardedEvent) {
  const sessionId = sessionIdOf(event.properties)
  const properties: Record<string, unknown> = { ...event.properties, $lib: 'nettoolbox-server' }
  if (event.userId === null) properties.$process_person_profile = false
  if (event.name === '$identify' && event.userId !== null && sessionId) properties.$anon_distinct_id = sessionId
  return {
    api_key: apiKey,
    event: event.name,
    distinct_id: event.userId ?? sessionId ?? randomUUID(),
    properties,
    timestamp: event.timestamp,
  }
}

export function createPosthogForwarder({
  key,
  host,
  fetch = globalThis.fetch,
  timeoutMs = 5000,
}: PosthogOptions): ForwardEvent {
  const endpoint = new URL('/i/v0/e/', host)
  return async (event) => {
    const response = await fetch(endpoint, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(toCapturePayload(key, event)),
      redirect: 'error',
      credentials: 'omit',
      signal: AbortSignal.timeout(timeoutMs),
    })
    await response.body?.cancel()
    if (!response.ok) throw new Error(`PostHog answered with status ${response.status}`)
  }
}
