// One SMTP dialogue with one mail server address: banner, EHLO, STARTTLS, EHLO again, then an
// open-relay probe (MAIL FROM, RCPT TO a foreign domain, RSET, QUIT). Never DATA: no message is sent.
import type { Socket } from 'node:net'
import type { SmtpSession } from '../../shared/tools/mail/schema.ts'
import { ConnectTimeoutError, connectTcp, PolicyDeniedError } from '../net/guarded-connect.ts'
import type { IpLiteral } from '../net/ip-literal.ts'
import type { TargetPolicy } from '../net/policy.ts'
import { createSmtpChannel, type SmtpChannel, SmtpTimeoutError } from './smtp-channel.ts'
import { hasExtension, parseEhloExtensions } from './smtp-extensions.ts'
import { replySummary, replyText } from './smtp-reply.ts'
import { upgradeToTls } from './starttls.ts'
import { describeTls } from './tls-text.ts'

export interface SmtpTimeouts {
  connectMs: number
  bannerMs: number
  commandMs: number
  tlsMs: number
}

export const DEFAULT_SMTP_TIMEOUTS: SmtpTimeouts = {
  connectMs: 10_000,
  bannerMs: 12_000,
  commandMs: 10_000,
  tlsMs: 10_000,
}

export interface SmtpProbeOptions {
  policy: TargetPolicy
  address: IpLiteral
  port: number
  /** The MX name: TLS server name and certificate identity. */
  mxName: string
  /** Our own host name, for EHLO and the probe sender. */
  heloName: string
  /** The tested domain, so the relay recipient lies outside it. */
  domain: string
  signal: AbortSignal
  timeouts: SmtpTimeouts
  /** The CAs the certificate is verified against; Node's defaults when absent. */
  ca?: string[]
  /** Told the certificates the server presented after STARTTLS, leaf first (DER). */
  onCertificates?: (chain: Buffer[]) => void
}

/** A recipient domain that is not the tested one (RFC 2606 names, never delivered to). */
export function relayRecipient(domain: string): string {
  const foreign = domain === 'example.org' || domain.endsWith('.example.org') ? 'example.net' : 'example.org'
  return `relay-test@${foreign}`
}

type Session = SmtpSession & { socket?: Socket }

const UNREACHABLE = new Set(['ENETUNREACH', 'EHOSTUNREACH', 'EADDRNOTAVAIL'])

function connectFailure(
  error: Error,
  o: SmtpProbeOptions,
): { kind: NonNullable<SmtpSession['connectFailure']>; text: string } {
  if (error instanceof PolicyDeniedError) return { kind: 'policy', text: error.message }
  if (error instanceof ConnectTimeoutError) {
    const text = o.signal.aborted
      ? 'connection stopped: the time budget of the test ran out'
      : `no connection to port ${o.port} within ${o.timeouts.connectMs / 1000} s (the host may be down, or this server's network may block outgoing port ${o.port})`
    return { kind: 'timeout', text }
  }
  const code = (error as NodeJS.ErrnoException).code ?? ''
  if (code === 'ECONNREFUSED') return { kind: 'refused', text: `connection refused on port ${o.port}` }
  if (UNREACHABLE.has(code))
    return { kind: 'unreachable', text: `no route from this server to ${o.address.address} (${code})` }
  return { kind: 'error', text: `connection failed: ${code || error.message}` }
}

async function greet(channel: SmtpChannel, o: SmtpProbeOptions, s: Session): Promise<boolean> {
  const ehlo = await channel.send(`EHLO ${o.heloName}`, o.timeouts.commandMs, o.signal)
  if (ehlo.code === 250) {
    s.greeting = 'ehlo'
    s.extensions = parseEhloExtensions(ehlo)
    return true
  }
  const helo = await channel.send(`HELO ${o.heloName}`, o.timeouts.commandMs, o.signal)
  if (helo.code !== 250) throw new Error(`greeting refused: ${replySummary(helo)}`)
  s.greeting = 'helo'
  s.extensions = []
  return false
}

/** Upgrades the session; `starttls` stays "failed" unless the handshake completes. */
async function startTls(channel: SmtpChannel, o: SmtpProbeOptions, s: Session): Promise<SmtpChannel> {
  s.starttls = 'failed'
  const ready = await channel.send('STARTTLS', o.timeouts.commandMs, o.signal)
  if (ready.code !== 220) throw new Error(`STARTTLS refused: ${replySummary(ready)}`)
  const unread = channel.release()
  if (unread > 0) s.transcript.push('-- data sent before the TLS handshake was discarded')
  const upgraded = await upgradeToTls(s.socket as Socket, {
    servername: o.mxName,
    timeoutMs: o.timeouts.tlsMs,
    signal: o.signal,
    ca: o.ca,
  })
  upgraded.socket.on('error', () => {})
  s.socket = upgraded.socket
  s.starttls = 'ok'
  s.tls = upgraded.summary
  o.onCertificates?.(upgraded.chain)
  s.transcript.push(`-- TLS handshake: ${describeTls(upgraded.summary)}`)
  return createSmtpChannel(upgraded.socket, s.transcript)
}

async function probeRelay(channel: SmtpChannel, o: SmtpProbeOptions, s: Session) {
  const from = await channel.send(`MAIL FROM:<probe@${o.heloName}>`, o.timeouts.commandMs, o.signal)
  if (from.code !== 250) {
    s.relay = { verdict: 'refused', reply: replySummary(from) }
  } else {
    const rcpt = await channel.send(`RCPT TO:<${relayRecipient(o.domain)}>`, o.timeouts.commandMs, o.signal)
    s.relay = { verdict: rcpt.code === 250 || rcpt.code === 251 ? 'open' : 'refused', reply: replySummary(rcpt) }
  }
  await channel.send('RSET', o.timeouts.commandMs, o.signal)
}

async function converse(o: SmtpProbeOptions, s: Session) {
  const started = performance.now()
  s.socket = await connectTcp(o.policy, {
    address: o.address,
    port: o.port,
    signal: o.signal,
    timeoutMs: o.timeouts.connectMs,
  }).catch((error: Error) => {
    const failure = connectFailure(error, o)
    s.connectFailure = failure.kind
    throw new Error(failure.text, { cause: error })
  })
  s.socket.on('error', () => {})
  const connected = performance.now()
  s.connectMs = Math.round(connected - started)
  let channel = createSmtpChannel(s.socket, s.transcript)
  const banner = await channel.read(o.timeouts.bannerMs, o.signal).catch((error: Error) => {
    const silent = error instanceof SmtpTimeoutError && !o.signal.aborted
    const text = silent
      ? `no banner within ${o.timeouts.bannerMs / 1000} s: the server accepted the connection but stayed silent`
      : `no banner: ${error.message}`
    throw new Error(text, { cause: error })
  })
  s.bannerMs = Math.round(performance.now() - connected)
  s.banner = `${banner.code} ${replyText(banner)}`.trim()
  if (banner.code !== 220) throw new Error(`server refused the session: ${replySummary(banner)}`)
  const extended = await greet(channel, o, s)
  s.starttls = extended && hasExtension(s.extensions, 'STARTTLS') ? 'not-tried' : 'not-offered'
  if (s.starttls === 'not-tried') {
    channel = await startTls(channel, o, s)
    await greet(channel, o, s)
  }
  await probeRelay(channel, o, s)
  await channel.send('QUIT', o.timeouts.commandMs, o.signal).catch(() => undefined)
}

export async function probeSmtp(o: SmtpProbeOptions): Promise<SmtpSession> {
  const s: Session = {
    port: o.port,
    extensions: [],
    greeting: 'none',
    starttls: 'not-tried',
    relay: { verdict: 'untested', reply: '' },
    transcript: [],
  }
  try {
    await converse(o, s)
  } catch (error) {
    s.error = (error as Error).message
    s.transcript.push(`-- ${s.error}`)
  } finally {
    s.socket?.destroy()
  }
  const { socket: _socket, ...session } = s
  return session
}
