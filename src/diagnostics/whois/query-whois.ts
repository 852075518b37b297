// One whois exchange (RFC 3912): connect to a checked address, send the query, read until the
// server closes, within a deadline and a size cap. A whois server is the registries' machinery, not
// what the user asked about: its silence or refusal is reported as the server side's failure
// ('server'), apart from addresses the target policy refuses ('policy'). A WhoisError's message is
// what the server did, worded to follow its name ("refused the connection (ECONNREFUSED)"); the
// chain puts the name (and who referred to it) in front.
import type { FailureSource } from '../../shared/tools/tool-answer.ts'
import { splitHostPort } from '../net/endpoint.ts'
import { ConnectTimeoutError, connectTcp, PolicyDeniedError } from '../net/guarded-connect.ts'
import type { Net } from '../net/net.ts'

export interface WhoisAsk {
  net: Pick<Net, 'policy' | 'resolveTarget'>
  signal: AbortSignal
  timeoutMs: number
  maxBytes: number
}

export interface WhoisReply {
  host: string
  address: string
  bytes: Buffer
  truncated: boolean
}

export class WhoisError extends Error {
  readonly failureSource: FailureSource

  constructor(message: string, failureSource: FailureSource, options?: ErrorOptions) {
    super(message, options)
    this.name = 'WhoisError'
    this.failureSource = failureSource
  }
}

function readAll(socket: import('node:net').Socket, ask: WhoisAsk, deadline: AbortSignal) {
  return new Promise<{ bytes: Buffer; truncated: boolean }>((resolve, reject) => {
    const chunks: Buffer[] = []
    let total = 0
    const finish = (error: Error | null, truncated = false) => {
      deadline.removeEventListener('abort', onAbort)
      socket.destroy()
      if (error) reject(error)
      else resolve({ bytes: Buffer.concat(chunks).subarray(0, ask.maxBytes), truncated })
    }
    const onAbort = () => finish(new WhoisError(`sent no complete answer within ${ask.timeoutMs} ms`, 'server'))
    deadline.addEventListener('abort', onAbort, { once: true })
    socket.on('data', (chunk: Buffer) => {
      chunks.push(chunk)
      total += chunk.length
      if (total >= ask.maxBytes) finish(null, total > ask.maxBytes)
    })
    socket.once('end', () => finish(null))
    socket.once('error', (error: NodeJS.ErrnoException) =>
      finish(new WhoisError(`broke off the answer (${error.code ?? error.message})`, 'server', { cause: error })),
    )
  })
}

/** `server` is "host[:port]" (port 43 by default); the host is resolved once and checked. */
export async function queryWhois(server: string, query: string, ask: WhoisAsk): Promise<WhoisReply> {
  const split = splitHostPort(server, 43)
  if (!split) throw new WhoisError('is not a whois server address', 'server')
  const deadline = AbortSignal.any([ask.signal, AbortSignal.timeout(ask.timeoutMs)])
  const resolution = await ask.net.resolveTarget(split.host, { signal: deadline })
  if (!resolution.ok) {
    if (resolution.failureSource === 'policy') throw new WhoisError(`was not asked: ${resolution.error}`, 'policy')
    throw new WhoisError(`could not be found: ${resolution.error}`, 'server')
  }
  const address = resolution.addresses[0]
  if (!address) throw new WhoisError('has no address', 'server')
  let socket: import('node:net').Socket
  try {
    socket = await connectTcp(ask.net.policy, { address, port: split.port, signal: deadline, timeoutMs: ask.timeoutMs })
  } catch (error) {
    if (error instanceof PolicyDeniedError) throw new WhoisError(`was not asked: ${error.message}`, 'policy')
    const code = (error as NodeJS.ErrnoException).code
    const reason =
      error instanceof ConnectTimeoutError
        ? `did not accept a connection within ${ask.timeoutMs} ms`
        : code === 'ECONNREFUSED'
          ? 'refused the connection (ECONNREFUSED)'
          : `could not be reached (${code ?? 'connection failed'})`
    throw new WhoisError(reason, 'server', { cause: error })
  }
  socket.write(`${query}\r\n`)
  const { bytes, truncated } = await readAll(socket, ask, deadline)
  return { host: split.host, address: address.address, bytes, truncated }
}
