// What the engine needs from the outside world, injectable so tests run it against fakes.

export interface SpeedEnvironment {
  fetch(url: string, init: RequestInit): Promise<Response>
  /** Milliseconds on a monotonic clock. */
  now(): number
  /** Waits `ms`; rejects with the signal's reason when it aborts. */
  sleep(ms: number, signal: AbortSignal): Promise<void>
  /** `size` random bytes: the upload payload. */
  randomBytes(size: number): Uint8Array<ArrayBuffer>
}

export function abortableSleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason)
    const onAbort = () => {
      clearTimeout(timer)
      reject(signal.reason)
    }
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort)
      resolve()
    }, ms)
    signal.addEventListener('abort', onAbort, { once: true })
  })
}

/** getRandomValues fills at most 65536 bytes per call. */
export function randomPayload(size: number): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(size)
  for (let offset = 0; offset < size; offset += 65_536) {
    crypto.getRandomValues(bytes.subarray(offset, Math.min(offset + 65_536, size)))
  }
  return bytes
}

export const browserEnvironment: SpeedEnvironment = {
  fetch: (url, init) => fetch(url, init),
  now: () => performance.now(),
  sleep: abortableSleep,
  randomBytes: randomPayload,
}
