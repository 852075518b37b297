// TLS handshakes only with addresses that passed the target policy: TCP through connectTcp (which
// re-checks the address), then TLS over that socket with the name given for SNI, under one deadline.
import { isIP, type Socket } from 'node:net'
import tls from 'node:tls'
import { connectTcp } from './guarded-connect.ts'
import type { IpLiteral } from './ip-literal.ts'
import type { TargetPolicy } from './policy.ts'
import { describeTlsFailure } from './tls-failure-words.ts'

export interface TlsConnectOptions {
  address: IpLiteral
  port: number
  /** Server name for SNI and for hostname checks; ignored when it is an IP literal. */
  servername?: string
  signal: AbortSignal
  /** Deadline of TCP connect and handshake together. */
  timeoutMs: number
  minVersion?: tls.SecureVersion
  maxVersion?: tls.SecureVersion
  ciphers?: string
  /** Trust anchors; absent means Node's defaults. */
  ca?: string[]
  requestOCSP?: boolean
  ALPNProtocols?: string[]
}

export interface TlsConnection {
  /** The open socket; the caller ends it. Verification is recorded (authorized) but never enforced. */
  socket: tls.TLSSocket
  /** The stapled OCSP response, when the server sent one. */
  ocspResponse: Buffer | null
  connectMs: number
  handshakeMs: number
}

export class TlsHandshakeError extends Error {
  readonly code: string | undefined

  constructor(message: string, code: string | undefined, options?: ErrorOptions) {
    super(message, options)
    this.name = 'TlsHandshakeError'
    this.code = code
  }
}

function handshake(socket: Socket, options: TlsConnectOptions, timeoutMs: number) {
  return new Promise<{ socket: tls.TLSSocket; ocspResponse: Buffer | null }>((resolve, reject) => {
    let ocspResponse: Buffer | null = null
    const servername = options.servername && !isIP(options.servername) ? options.servername : undefined
    const secure = tls.connect({
      socket,
      servername,
      rejectUnauthorized: false,
      minVersion: options.minVersion,
      maxVersion: options.maxVersion,
      ciphers: options.ciphers,
      ca: options.ca,
      requestOCSP: options.requestOCSP,
      ALPNProtocols: options.ALPNProtocols,
    })
    const finish = (error?: Error) => {
      clearTimeout(timer)
      options.signal.removeEventListener('abort', onAbort)
      secure.off('error', onError)
      if (error) {
        secure.destroy()
        reject(error)
      } else resolve({ socket: secure, ocspResponse })
    }
    const onError = (error: NodeJS.ErrnoException) =>
      finish(new TlsHandshakeError(`TLS handshake failed: ${describeTlsFailure(error)}`, error.code, { cause: error }))
    const onAbort = () =>
      finish(new TlsHandshakeError('TLS handshake aborted', 'ABORT_ERR', { cause: options.signal.reason }))
    const timer = setTimeout(
      () => finish(new TlsHandshakeError(`no TLS handshake within ${options.timeoutMs} ms`, 'ETIMEDOUT')),
      Math.max(1, timeoutMs),
    )
    options.signal.addEventListener('abort', onAbort, { once: true })
    secure.on('OCSPResponse', (response: Buffer | undefined) => {
      if (response && response.length > 0) ocspResponse = response
    })
    secure.once('error', onError)
    secure.once('secureConnect', () => finish())
  })
}

/** Connects to a checked IP literal and completes a TLS handshake; rejects with the reason otherwise. */
export async function connectTls(policy: TargetPolicy, options: TlsConnectOptions): Promise<TlsConnection> {
  const started = performance.now()
  const socket = await connectTcp(policy, {
    address: options.address,
    port: options.port,
    signal: options.signal,
    timeoutMs: options.timeoutMs,
  })
  const connected = performance.now()
  const remaining = options.timeoutMs - (connected - started)
  const { socket: secure, ocspResponse } = await handshake(socket, options, remaining).catch((error: unknown) => {
    socket.destroy()
    throw error
  })
  return {
    socket: secure,
    ocspResponse,
    connectMs: Math.round(connected - started),
    handshakeMs: Math.round(performance.now() - connected),
  }
}
