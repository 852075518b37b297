// One hand-built ClientHello over a guarded TCP connection: connect (the target policy checks the
// address), send, read until the server's first flight is complete, then hang up. Silence until
// the deadline, a reset before any answer, or the check's end is "no answer", never a refusal.
import { connectTcp } from '../net/guarded-connect.ts'
import { buildClientHello, type HelloOptions } from './client-hello.ts'
import type { ProbeTarget } from './probe-protocols.ts'
import { readFlight, type ServerFlight } from './server-flight.ts'

/** Largest first flight read (a long certificate chain fits well within). */
const MAX_FLIGHT_BYTES = 128 * 1024

/** The hello got no answer: nothing was learned about the server. */
export class NoAnswerError extends Error {
  readonly code: string

  constructor(message: string, code: string) {
    super(message)
    this.name = 'NoAnswerError'
    this.code = code
  }
}

export interface HelloExchange extends HelloOptions {
  /** Wait for the ServerKeyExchange (curve, DH size) before TLS 1.3. */
  keyExchange?: boolean
}

export async function exchangeHello(target: ProbeTarget, options: HelloExchange): Promise<ServerFlight> {
  const started = performance.now()
  const socket = await connectTcp(target.policy, target)
  const remaining = Math.max(1, target.timeoutMs - (performance.now() - started))
  return new Promise((resolve, reject) => {
    let data = Buffer.alloc(0)
    const finish = (outcome: ServerFlight | NoAnswerError) => {
      clearTimeout(timer)
      target.signal.removeEventListener('abort', onAbort)
      socket.destroy()
      if (outcome instanceof NoAnswerError) reject(outcome)
      else resolve(outcome)
    }
    const onAbort = () => finish(new NoAnswerError('the check was stopped', 'ABORT_ERR'))
    const timer = setTimeout(() => {
      const flight = data.length > 0 ? readFlight(data, false) : null
      finish(flight ?? new NoAnswerError(`no answer within ${target.timeoutMs} ms`, 'ETIMEDOUT'))
    }, remaining)
    target.signal.addEventListener('abort', onAbort, { once: true })
    socket.on('data', (chunk: Buffer) => {
      data = Buffer.concat([data, chunk])
      const flight = readFlight(data, options.keyExchange ?? false)
      if (flight) finish(flight)
      else if (data.length > MAX_FLIGHT_BYTES) finish({ kind: 'other' })
    })
    socket.once('close', () => finish(readFlight(data, false) ?? { kind: 'closed' }))
    socket.on('error', (error: NodeJS.ErrnoException) => {
      if (data.length === 0 && error.code === 'ECONNRESET') {
        finish(new NoAnswerError('the connection was reset before any answer', 'ECONNRESET'))
      }
    })
    socket.write(buildClientHello(options))
  })
}
