// The probe's WebSocket transport: Socket.IO's own, except that it reads why the site refused to
// upgrade the connection. The site checks the probe's token before the upgrade and answers a refusal
// with a plain HTTP response whose body says why ("This probe token is not valid (unknown or
// revoked)", "Too many failed probe handshakes from this address…"); the stock transport reports only
// "websocket error". This one reads the body (at most MAX_REFUSAL_CHARS) and reports that instead.
import type { ClientRequest, IncomingMessage } from 'node:http'
import { NodeWebSocket } from 'socket.io-client'

const MAX_REFUSAL_CHARS = 500

interface HandshakingSocket {
  on(event: 'unexpected-response', listener: (request: ClientRequest, response: IncomingMessage) => void): void
  close(): void
}

export class RefusalReadingWebSocket extends NodeWebSocket {
  private refusal: string | undefined

  override createSocket(uri: string, protocols: string | string[] | undefined, opts: Record<string, unknown>) {
    const socket = super.createSocket(uri, protocols, opts) as HandshakingSocket
    socket.on('unexpected-response', (_request, response) => {
      let body = ''
      response.setEncoding('utf8')
      response.on('data', (chunk: string) => {
        body += chunk
        if (body.length > MAX_REFUSAL_CHARS) response.destroy()
      })
      response.once('close', () => {
        this.refusal = body.trim().slice(0, MAX_REFUSAL_CHARS) || `the site answered HTTP ${response.statusCode}`
        // Closing a socket still in its handshake aborts it with an error, reported below.
        socket.close()
      })
    })
    return socket
  }

  protected override onError(reason: string, description: unknown, context?: unknown) {
    return super.onError(this.refusal ?? reason, description, context)
  }
}
