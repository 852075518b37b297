// Mail peers for the mail test: SMTP servers (smtp-server) that record what a client did, a
// tarpit that accepts connections and never speaks, and an HTTPS server for MTA-STS policies.
import https from 'node:https'
import net from 'node:net'
import { SMTPServer } from 'smtp-server'
import type { IssuedCert } from '../tls/test-ca.ts'

export interface SmtpPeerOptions {
  host: string
  port: number
  /** Name in the banner and EHLO reply. */
  name: string
  /** Offer STARTTLS with this certificate; without it STARTTLS is not offered. */
  tls?: IssuedCert
  /** Accept any recipient (an open relay); otherwise only recipients in localDomain. */
  openRelay?: boolean
  localDomain?: string
  /** Told of every command a client got through: "MAIL <address>", "RCPT <address>", "DATA". */
  onEvent?: (event: string) => void
}

export interface SmtpPeer {
  /** What clients did: EHLO names, MAIL FROM and RCPT TO addresses, DATA commands received. */
  seen: { ehlo: string[]; mailFrom: string[]; rcptTo: string[]; data: number; secure: boolean[] }
  close(): Promise<void>
}

function listen(
  server: {
    listen(port: number, host: string, cb: () => void): unknown
    once(e: 'error', cb: (error: Error) => void): unknown
  },
  port: number,
  host: string,
) {
  return new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, host, resolve)
  })
}

export async function startSmtpPeer(o: SmtpPeerOptions): Promise<SmtpPeer> {
  const seen: SmtpPeer['seen'] = { ehlo: [], mailFrom: [], rcptTo: [], data: 0, secure: [] }
  const server = new SMTPServer({
    name: o.name,
    banner: 'test peer',
    logger: false,
    authOptional: true,
    disabledCommands: o.tls ? ['AUTH'] : ['AUTH', 'STARTTLS'],
    size: 10 * 1024 * 1024,
    ...(o.tls ? { key: o.tls.key, cert: o.tls.cert } : {}),
    onConnect(_session, callback) {
      callback()
    },
    onMailFrom(address, session, callback) {
      seen.mailFrom.push(address.address)
      o.onEvent?.(`MAIL ${address.address}`)
      seen.ehlo.push(session.hostNameAppearsAs)
      seen.secure.push(session.secure)
      callback()
    },
    onRcptTo(address, _session, callback) {
      seen.rcptTo.push(address.address)
      o.onEvent?.(`RCPT ${address.address}`)
      const local = o.localDomain !== undefined && address.address.endsWith(`@${o.localDomain}`)
      if (o.openRelay || local) return callback()
      callback(Object.assign(new Error('5.7.1 Relaying denied'), { responseCode: 554 }))
    },
    onData(stream, _session, callback) {
      seen.data++
      o.onEvent?.('DATA')
      stream.resume()
      stream.on('end', () => callback())
    },
  })
  server.on('error', () => {})
  await listen(server, o.port, o.host)
  return { seen, close: () => new Promise<void>((resolve) => server.close(() => resolve())) }
}

/** Accepts TCP connections and never writes a byte (a banner tarpit). */
export async function startTarpit(
  host: string,
  port: number,
): Promise<{ connections(): number; close(): Promise<void> }> {
  const sockets = new Set<net.Socket>()
  let count = 0
  const server = net.createServer((socket) => {
    count++
    sockets.add(socket)
    socket.on('error', () => {})
    socket.on('close', () => sockets.delete(socket))
  })
  await listen(server, port, host)
  return {
    connections: () => count,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy()
        server.close(() => resolve())
      }),
  }
}

/** Serves one MTA-STS policy file at /.well-known/mta-sts.txt. */
export async function startPolicyServer(host: string, port: number, tls: IssuedCert, policy: string) {
  const server = https.createServer({ key: tls.key, cert: tls.cert }, (req, res) => {
    if (req.url !== '/.well-known/mta-sts.txt') return res.writeHead(404).end()
    res.writeHead(200, { 'content-type': 'text/plain' }).end(policy)
  })
  await listen(server, port, host)
  return { close: () => new Promise<void>((resolve) => server.close(() => resolve())) }
}
