// TLS servers for the grading lab: Node HTTPS servers on loopback with any node:tls server option
// (protocol range, cipher list, server order, DH group, curves), an optional stapled OCSP response
// and fixed response headers. Keys, certificates and DH parameters come from test-ca.ts.
import https from 'node:https'
import type { AddressInfo } from 'node:net'
import type { TlsOptions } from 'node:tls'

export interface LabServerOptions {
  /** Loopback address to listen on. */
  host: string
  key: string
  cert: string
  tls?: TlsOptions
  ocsp?: Buffer
  headers?: Record<string, string>
}

export interface LabServer {
  host: string
  port: number
  close(): Promise<void>
}

export async function startLabServer(options: LabServerOptions): Promise<LabServer> {
  const server = https.createServer({ ...options.tls, key: options.key, cert: options.cert }, (_request, response) => {
    for (const [name, value] of Object.entries(options.headers ?? {})) response.setHeader(name, value)
    response.end('ok\n')
  })
  server.on('tlsClientError', () => {})
  const ocsp = options.ocsp
  if (ocsp) server.on('OCSPRequest', (_cert, _issuer, callback) => callback(null, ocsp))
  await new Promise<void>((resolve) => server.listen(0, options.host, resolve))
  return {
    host: options.host,
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
