// An HTTPS server on a loopback address for TLS tests: chosen certificate chain, protocol range,
// cipher list, stapled OCSP response and response headers; it counts the connections it saw.
import type { IncomingMessage, ServerResponse } from 'node:http'
import https from 'node:https'
import type { AddressInfo } from 'node:net'
import type { SecureVersion } from 'node:tls'

export interface TlsSiteOptions {
  /** Loopback address to listen on, e.g. "127.0.0.11". */
  host: string
  /** Port to listen on (default: any free port). */
  port?: number
  key: string
  /** Leaf certificate, optionally followed by intermediates. */
  cert: string
  minVersion?: SecureVersion
  maxVersion?: SecureVersion
  ciphers?: string
  /** DER OCSP response stapled to every handshake that asks for one. */
  ocsp?: Buffer
  /** Headers of every response (e.g. Strict-Transport-Security). */
  headers?: Record<string, string>
  handler?: (request: IncomingMessage, response: ServerResponse) => void
}

export interface TlsSite {
  host: string
  port: number
  /** TCP connections accepted so far. */
  connections(): number
  close(): Promise<void>
}

export async function startTlsSite(options: TlsSiteOptions): Promise<TlsSite> {
  let connections = 0
  const server = https.createServer(
    {
      key: options.key,
      cert: options.cert,
      minVersion: options.minVersion,
      maxVersion: options.maxVersion,
      ciphers: options.ciphers,
    },
    (request, response) => {
      for (const [name, value] of Object.entries(options.headers ?? {})) response.setHeader(name, value)
      if (options.handler) return options.handler(request, response)
      response.end('ok\n')
    },
  )
  server.on('connection', () => connections++)
  server.on('tlsClientError', () => {})
  const ocsp = options.ocsp
  if (ocsp) server.on('OCSPRequest', (_cert, _issuer, callback) => callback(null, ocsp))
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, options.host, resolve))
  const { port } = server.address() as AddressInfo
  return {
    host: options.host,
    port,
    connections: () => connections,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
