// The TLS upgrade after "220 Ready to start TLS": handshake on the same socket, then a summary of
// the session and the server certificate (trust is judged, never required, as in opportunistic SMTP TLS).

import { X509Certificate } from 'node:crypto'
import { isIP, type Socket } from 'node:net'
import tls, { type TLSSocket } from 'node:tls'
import type { TlsSummary } from '../../shared/tools/mail/schema.ts'
import { describeTrustError } from '../../shared/tools/ssl/trust-words.ts'
import { describeTlsFailure } from '../net/tls-failure-words.ts'
import { gradeStarttls } from './starttls-grade.ts'

export class TlsHandshakeError extends Error {}

/** "CN=mx.example.com, O=Example" from the multi-line form X509Certificate gives. */
function distinguishedName(text: string): string {
  return text.split('\n').filter(Boolean).join(', ')
}

/** RFC 6125 matching against the subjectAltName (and the CN when there is none), as OpenSSL does it. */
function matchesName(x509: X509Certificate, name: string): boolean {
  return isIP(name) ? x509.checkIP(name) !== undefined : x509.checkHost(name) !== undefined
}

function summarize(socket: TLSSocket, servername: string, chain: Buffer[]): TlsSummary {
  const x509 = chain[0] ? new X509Certificate(chain[0]) : undefined
  const code = socket.authorizationError ? String(socket.authorizationError) : undefined
  const altNames = (x509?.subjectAltName ?? '')
    .split(', ')
    .filter(Boolean)
    .map((name) => name.replace(/^(DNS|IP Address):/, ''))
  return {
    version: socket.getProtocol() ?? 'unknown',
    cipher: socket.getCipher()?.name ?? 'unknown',
    subject: x509 ? distinguishedName(x509.subject) : '',
    issuer: x509 ? distinguishedName(x509.issuer) : '',
    altNames,
    validFrom: x509 ? new Date(x509.validFrom).toISOString() : '',
    validTo: x509 ? new Date(x509.validTo).toISOString() : '',
    trusted: socket.authorized,
    ...(code ? { trustError: describeTrustError(code) } : {}),
    hostnameMatch: x509 !== undefined && matchesName(x509, servername),
    ...optional('grade', gradeStarttls(socket, x509)),
  }
}

const optional = <K extends string, V>(key: K, value: V | undefined) =>
  (value === undefined ? {} : { [key]: value }) as Partial<Record<K, V>>

/** The certificates the server sent, leaf first, as DER (what DANE records are matched against).
 * Read once: node:tls hands the peer certificate out a single time per session. */
function presentedChain(socket: TLSSocket): Buffer[] {
  const chain: Buffer[] = []
  const seen = new Set<string>()
  let current = socket.getPeerCertificate(true)
  while (current?.raw && !seen.has(current.fingerprint256) && chain.length < 10) {
    seen.add(current.fingerprint256)
    chain.push(current.raw)
    current = current.issuerCertificate
  }
  return chain
}

/** Runs the TLS handshake on an established SMTP socket. */
export function upgradeToTls(
  socket: Socket,
  options: { servername: string; timeoutMs: number; signal: AbortSignal; ca?: string[] },
): Promise<{ socket: TLSSocket; summary: TlsSummary; chain: Buffer[] }> {
  const { servername, timeoutMs, signal } = options
  return new Promise((resolve, reject) => {
    const secure = tls.connect({
      socket,
      servername: isIP(servername) ? undefined : servername,
      rejectUnauthorized: false,
      ca: options.ca,
    })
    const finish = (error?: Error) => {
      clearTimeout(timer)
      signal.removeEventListener('abort', onAbort)
      secure.off('error', onError)
      if (!error) {
        const chain = presentedChain(secure)
        return resolve({ socket: secure, summary: summarize(secure, servername, chain), chain })
      }
      secure.destroy()
      reject(error)
    }
    const onError = (error: Error) =>
      finish(new TlsHandshakeError(`TLS handshake failed: ${describeTlsFailure(error)}`))
    const onAbort = () => finish(new TlsHandshakeError('TLS handshake stopped: the time budget of the test ran out'))
    const timer = setTimeout(
      () => finish(new TlsHandshakeError(`no TLS handshake within ${timeoutMs / 1000} s`)),
      timeoutMs,
    )
    signal.addEventListener('abort', onAbort, { once: true })
    secure.once('secureConnect', () => finish())
    secure.on('error', onError)
  })
}
