// A GET the page will need, started before the code that reads it has loaded: a tool page asks for
// the connected probes while its panel's code is still on the way, and the panel takes that answer
// instead of asking again. Each early answer is taken once, and only while fresh.

/** An early answer older than this is not used (the reader asks again). */
const FRESH_MS = 10_000
/** Deadline of an early request, as for any plain request of the page. */
const DEADLINE_MS = 15_000

const started = new Map<string, { at: number; response: Promise<Response> }>()

/** Starts a same-origin GET of `path` for JSON, unless one is already waiting to be taken. */
export function fetchEarly(path: string): void {
  // A page rendered on the server asks nothing: its browser asks when the page's script runs.
  if (typeof document === 'undefined') return
  const entry = started.get(path)
  if (entry && Date.now() - entry.at <= FRESH_MS) return
  const response = fetch(path, {
    headers: { accept: 'application/json' },
    credentials: 'same-origin',
    signal: AbortSignal.timeout(DEADLINE_MS),
  })
  // A failure is the reader's to see when it takes the answer; none is reported before that.
  response.catch(() => undefined)
  started.set(path, { at: Date.now(), response })
}

/** The early answer for `path`, once; undefined when none was started or it is no longer fresh. */
export function takeEarly(path: string): Promise<Response> | undefined {
  const entry = started.get(path)
  started.delete(path)
  if (!entry || Date.now() - entry.at > FRESH_MS) return undefined
  return entry.response
}
