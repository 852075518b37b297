// Session resumption and ALPN, with real handshakes of this server's TLS library over guarded
// sockets: a second connection offering the first one's session says whether the server resumes
// it (by session ID with tickets turned off, then by ticket); offering h2 and http/1.1 says which
// application protocols the server selects.
import { constants } from 'node:crypto'
import tls from 'node:tls'
import type { TlsScan } from '../../shared/tools/ssl/schema.ts'
import { connectTcp } from '../net/guarded-connect.ts'
import { connectTls, TlsHandshakeError } from '../net/guarded-tls.ts'
import { whyNoAnswer } from './enumerate-suites.ts'
import type { ProbeTarget } from './probe-protocols.ts'
import type { ScanBudget } from './scan-budget.ts'

/** How long to wait after a TLS 1.3 handshake for the server's session ticket. */
const TICKET_WAIT_MS = 1500

interface SessionOptions {
  version: tls.SecureVersion
  tickets: boolean
  session?: Buffer
}

/** One handshake; resolves with the session the server left (if any) and whether it was a resumption. */
async function handshake(target: ProbeTarget, options: SessionOptions) {
  const started = performance.now()
  const socket = await connectTcp(target.policy, target)
  const left = Math.max(1, target.timeoutMs - (performance.now() - started))
  return new Promise<{ session: Buffer | null; reused: boolean }>((resolve, reject) => {
    const secure = tls.connect({
      socket,
      servername: target.servername,
      rejectUnauthorized: false,
      minVersion: options.version,
      maxVersion: options.version,
      ciphers: 'DEFAULT:@SECLEVEL=0',
      session: options.session,
      secureOptions: options.tickets ? 0 : constants.SSL_OP_NO_TICKET,
    })
    let session: Buffer | null = null
    let reused = false
    let connected = false
    const finish = (error?: Error) => {
      clearTimeout(timer)
      secure.destroy()
      socket.destroy()
      if (error) reject(error)
      else resolve({ session, reused })
    }
    let timer = setTimeout(() => finish(new Error(`no handshake within ${target.timeoutMs} ms`)), left)
    secure.on('session', (ticket: Buffer) => {
      session ??= ticket
      if (connected) finish()
    })
    secure.once('secureConnect', () => {
      connected = true
      reused = secure.isSessionReused()
      if (options.version !== 'TLSv1.3' || reused) {
        // Before TLS 1.3 the session is known at the end of the handshake.
        session ??= secure.getSession() ?? null
        finish()
      } else if (session) finish()
      else {
        // TLS 1.3 tickets come after the handshake; none within the wait means none.
        clearTimeout(timer)
        timer = setTimeout(() => finish(), Math.min(TICKET_WAIT_MS, left))
      }
    })
    secure.resume()
    secure.once('error', (error) => finish(error))
  })
}

type Tristate = 'yes' | 'no' | 'not-tested'

async function resumes(budget: ScanBudget, version: tls.SecureVersion, tickets: boolean): Promise<Tristate> {
  const first = await budget.connect((target) => handshake(target, { version, tickets }))
  if (!first.session) return 'no'
  const session = first.session
  const second = await budget.connect((target) => handshake(target, { version, tickets, session }))
  return second.reused ? 'yes' : 'no'
}

export async function probeResumption(budget: ScanBudget, accepted: string[]): Promise<TlsScan['resumption']> {
  const version = accepted.includes('TLSv1.2') ? 'TLSv1.2' : accepted.includes('TLSv1.3') ? 'TLSv1.3' : null
  if (!version) {
    budget.skip('session resumption', 'neither TLS 1.2 nor TLS 1.3 is accepted')
    return { sessionId: 'not-tested', ticket: 'not-tested', note: 'neither TLS 1.2 nor TLS 1.3 is accepted' }
  }
  const attempt = async (tickets: boolean): Promise<Tristate> => {
    try {
      return await resumes(budget, version, tickets)
    } catch (error) {
      budget.skip(tickets ? 'resumption by ticket' : 'resumption by session ID', whyNoAnswer(error))
      return 'not-tested'
    }
  }
  if (version === 'TLSv1.3') {
    return { sessionId: 'not-tested', ticket: await attempt(true), note: 'TLS 1.3 resumes by ticket only' }
  }
  const [sessionId, ticket] = await Promise.all([attempt(false), attempt(true)])
  return { sessionId, ticket, note: null }
}

const ALPN = ['h2', 'http/1.1']

/** The application protocols (of h2 and http/1.1) the server selects when each is offered alone. */
export async function probeAlpn(budget: ScanBudget): Promise<string[] | null> {
  const selects = async (protocol: string): Promise<boolean> => {
    try {
      const connection = await budget.connect((target) =>
        connectTls(target.policy, { ...target, ALPNProtocols: [protocol], ciphers: 'DEFAULT:@SECLEVEL=0' }),
      )
      const chosen = connection.socket.alpnProtocol
      connection.socket.destroy()
      return chosen === protocol
    } catch (error) {
      // The server's refusal (no_application_protocol) is an answer; no answer is not.
      if (error instanceof TlsHandshakeError && error.code?.startsWith('ERR_SSL')) return false
      throw error
    }
  }
  try {
    const results = await Promise.all(ALPN.map(selects))
    return ALPN.filter((_, i) => results[i])
  } catch (error) {
    budget.skip('ALPN', whyNoAnswer(error))
    return null
  }
}
