// What the engine needs from the outside world, injectable so tests run it against fakes.

/** What the server answered to an upload: its status and its body as text. */
export interface UploadAnswer {
  status: number
  body: string
}

export interface SpeedEnvironment {
  fetch(url: string, init: RequestInit): Promise<Response>
  /**
   * POSTs `body` and tells `onProgress` the total bytes sent so far as they leave, so that a
   * transfer cut short still shows what it moved. Rejects when no answer came (connection lost,
   * aborted), with the signal's reason when `signal` aborted.
   */
  upload(url: string, body: Blob, signal: AbortSignal, onProgress: (sent: number) => void): Promise<UploadAnswer>
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

/**
 * A POST through XMLHttpRequest, whose upload progress events report the bytes sent while the body
 * leaves (fetch() tells nothing until the answer). No content type: a simple request, no CORS
 * preflight.
 */
function xhrUpload(url: string, body: Blob, signal: AbortSignal, onProgress: (sent: number) => void) {
  return new Promise<UploadAnswer>((resolve, reject) => {
    signal.throwIfAborted()
    const xhr = new XMLHttpRequest()
    const onAbort = () => xhr.abort()
    const settle = () => signal.removeEventListener('abort', onAbort)
    xhr.open('POST', url)
    xhr.upload.onprogress = (event) => onProgress(event.loaded)
    xhr.onload = () => {
      settle()
      if (xhr.status >= 200 && xhr.status <= 299) onProgress(body.size)
      resolve({ status: xhr.status, body: xhr.responseText })
    }
    xhr.onerror = () => {
      settle()
      reject(new TypeError('the connection failed'))
    }
    xhr.onabort = () => {
      settle()
      reject(signal.aborted ? signal.reason : new TypeError('the transfer was aborted'))
    }
    signal.addEventListener('abort', onAbort, { once: true })
    xhr.send(body)
  })
}

/** Where there is no XMLHttpRequest (Node): fetch(), the bytes counted once the answer came. */
async function fetchUpload(url: string, body: Blob, signal: AbortSignal, onProgress: (sent: number) => void) {
  const response = await fetch(url, { method: 'POST', body, signal })
  const text = await response.text()
  if (response.ok) onProgress(body.size)
  return { status: response.status, body: text }
}

export const browserEnvironment: SpeedEnvironment = {
  fetch: (url, init) => fetch(url, init),
  upload: (url, body, signal, onProgress) =>
    typeof XMLHttpRequest === 'undefined'
      ? fetchUpload(url, body, signal, onProgress)
      : xhrUpload(url, body, signal, onProgress),
  now: () => performance.now(),
  sleep: abortableSleep,
  randomBytes: randomPayload,
}
