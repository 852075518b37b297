// A plain HTTP server on a loopback address for website-check tests; it records the connections
// and requests it saw, so a test can prove that nothing reached it.
import http, { type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

export interface SeenRequest {
  method: string
  url: string
  headers: IncomingHttpHeaders
}

export interface HttpSite {
  host: string
  port: number
  /** "http://host:port" with the given name in place of the address. */
  origin(name: string): string
  connections(): number
  requests: SeenRequest[]
  close(): Promise<void>
}

export async function startHttpSite(
  host: string,
  handler: (request: IncomingMessage, response: ServerResponse) => void,
  port = 0,
): Promise<HttpSite> {
  let connections = 0
  const requests: SeenRequest[] = []
  const server = http.createServer((request, response) => {
    requests.push({ method: request.method ?? '', url: request.url ?? '', headers: request.headers })
    handler(request, response)
  })
  server.on('connection', () => connections++)
  await new Promise<void>((resolve) => server.listen(port, host, resolve))
  const bound = (server.address() as AddressInfo).port
  return {
    host,
    port: bound,
    origin: (name) => `http://${name}:${bound}`,
    connections: () => connections,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
