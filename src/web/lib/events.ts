// First-party analytics events; delivery is best effort and never disturbs the page. Nothing is
// sent when the browser asks not to be tracked (Do-Not-Track or Global Privacy Control).
interface PrivacySignals {
  doNotTrack?: string | null
  globalPrivacyControl?: boolean
}

/** True when the browser signals Do-Not-Track or Global Privacy Control. */
export function optedOut(navigatorSignals: PrivacySignals, windowDoNotTrack?: string | null): boolean {
  return (
    navigatorSignals.doNotTrack === '1' ||
    navigatorSignals.doNotTrack === 'yes' ||
    windowDoNotTrack === '1' ||
    navigatorSignals.globalPrivacyControl === true
  )
}

function browserOptedOut(): boolean {
  const windowSignal = (window as unknown as { doNotTrack?: string | null }).doNotTrack
  return optedOut(navigator as Navigator & PrivacySignals, windowSignal)
}

/** A random (version 4) UUID; getRandomValues also works on plain-HTTP deployments. */
export function randomUuid(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16))
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80
  const hex = [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('')
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`
}

/** A random id for this page load only: it links a visit's events and is stored nowhere. */
const sessionId = randomUuid()

export function sendEvent(name: string, properties: Record<string, unknown> = {}): void {
  if (browserOptedOut()) return
  fetch('/api/events', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name, properties: { ...properties, session_id: sessionId } }),
    credentials: 'same-origin',
    keepalive: true,
  }).catch(() => undefined)
}
