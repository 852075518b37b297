// A loopback HTTP server that receives webhook alerts: it keeps each delivery's raw body, headers
// and arrival time, and answers each try with the next status of a script (then 200).
import http from 'node:http'
import type { AddressInfo } from 'node:net'

export interface Delivery {
  body: string
  signature: string | undefined
  contentType: string | undefined
  at: number
  status: number
}

export interface WebhookReceiver {
  url: string
  deliveries: Delivery[]
  close(): Promise<void>
}

export async function startWebhookReceiver(statuses: number[] = [], host = '127.0.0.1'): Promise<WebhookReceiver> {
  const deliveries: Delivery[] = []
  const script = [...statuses]
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => {
      const status = script.shift() ?? 200
      deliveries.push({
        body: Buffer.concat(chunks).toString('utf8'),
        signature: request.headers['x-nettoolbox-signature'] as string | undefined,
        contentType: request.headers['content-type'],
        at: Date.now(),
        status,
      })
      response.writeHead(status, { 'content-type': 'text/plain' }).end(status === 200 ? 'ok\n' : 'failing\n')
    })
  })
  await new Promise<void>((resolve) => server.listen(0, host, resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://${host}:${port}/hook`,
    deliveries,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
