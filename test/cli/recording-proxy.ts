// A loopback HTTP proxy in front of the app that notes every request the CLI makes (method, path,
// Authorization header) and passes it on unchanged, answers streamed back as they come.
import http from 'node:http'
import type { AddressInfo } from 'node:net'

export interface SeenRequest {
  method: string
  path: string
  authorization?: string
  accept?: string
}

export interface RecordingProxy {
  url: string
  seen: SeenRequest[]
  close(): Promise<void>
}

export async function startRecordingProxy(target: string): Promise<RecordingProxy> {
  const seen: SeenRequest[] = []
  const to = new URL(target)
  const server = http.createServer((request, response) => {
    seen.push({
      method: request.method ?? '',
      path: request.url ?? '',
      authorization: request.headers.authorization,
      accept: request.headers.accept,
    })
    const upstream = http.request(
      { host: to.hostname, port: to.port, method: request.method, path: request.url, headers: request.headers },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, answer.headers)
        answer.pipe(response)
      },
    )
    upstream.on('error', () => response.destroy())
    request.pipe(upstream)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    seen,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
