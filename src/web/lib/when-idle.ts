// Work that may wait until the browser has nothing else to do: the page's first drawing, taking
// over the server's markup and starting a tool's panel come first.

/**
 * Runs `work` once the browser is idle, or after `timeoutMs` at the latest when given; where the
 * browser cannot say when it is idle, in a task of its own. Returns what cancels it.
 */
export function whenIdle(work: () => void, timeoutMs?: number): () => void {
  if (typeof requestIdleCallback === 'undefined') {
    const timer = window.setTimeout(work, 0)
    return () => window.clearTimeout(timer)
  }
  const handle = requestIdleCallback(work, timeoutMs === undefined ? undefined : { timeout: timeoutMs })
  return () => cancelIdleCallback(handle)
}
