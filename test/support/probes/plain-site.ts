// A plain HTTP site on loopback that answers 200 to everything: a reachable target for website checks.
import http from 'node:http'
import type { AddressInfo } from 'node:net'

export interface PlainSite {
  url: string
  close(): Promise<void>
}

export async function startPlainSite(): Promise<PlainSite> {
  const server = http.createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
    response.end('<!doctype html><title>probe target</title><p>ok</p>')
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}/`,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
