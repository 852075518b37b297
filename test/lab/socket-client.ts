// HTTP over a Unix socket: the test (host namespace) talks to the app running inside `client`
// through the filesystem, which namespaces share, so no packet leaves the host namespace.
import http from 'node:http'

export interface SocketResponse {
  status: number
  headers: http.IncomingHttpHeaders
  text: string
  // biome-ignore lint/suspicious/noExplicitAny: tests read arbitrary JSON answers.
  json<T = any>(): T
}

export interface SseEvent {
  event: string
  // biome-ignore lint/suspicious/noExplicitAny: tests read arbitrary JSON events.
  data: any
  /** Index of the piece of the response body in which the event completed (0-based). */
  chunk: number
}

export interface SocketRequest {
  method: string
  path: string
  body?: unknown
  headers?: Record<string, string>
  /** Called with each complete SSE event as it arrives. */
  onEvent?: (event: SseEvent) => void
}

function parseEvent(block: string, chunk: number): SseEvent | null {
  let event = 'message'
  const data: string[] = []
  for (const line of block.split('\n')) {
    if (line.startsWith('event:')) event = line.slice(6).trim()
    else if (line.startsWith('data:')) data.push(line.slice(5).trimStart())
  }
  if (data.length === 0) return null
  return { event, data: JSON.parse(data.join('\n')), chunk }
}

export function requestOverSocket(socketPath: string, request: SocketRequest): Promise<SocketResponse> {
  const payload = request.body === undefined ? undefined : JSON.stringify(request.body)
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        socketPath,
        path: request.path,
        method: request.method,
        headers: {
          ...(payload ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } : {}),
          ...request.headers,
        },
      },
      (res) => {
        let text = ''
        let pending = ''
        let chunks = 0
        res.setEncoding('utf8')
        res.on('data', (chunk: string) => {
          text += chunk
          const index = chunks++
          if (!request.onEvent) return
          pending += chunk
          let end = pending.indexOf('\n\n')
          while (end !== -1) {
            const event = parseEvent(pending.slice(0, end), index)
            pending = pending.slice(end + 2)
            if (event) request.onEvent(event)
            end = pending.indexOf('\n\n')
          }
        })
        res.on('error', reject)
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, text, json: () => JSON.parse(text) }),
        )
      },
    )
    req.on('error', reject)
    req.end(payload)
  })
}
