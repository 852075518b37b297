// First-party analytics events; delivery is best effort and never disturbs the page.
export function sendEvent(name: string, properties: Record<string, unknown> = {}): void {
  fetch('/api/events', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name, properties }),
    credentials: 'same-origin',
    keepalive: true,
  }).catch(() => undefined)
}
