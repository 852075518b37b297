// SSL 2.0 and SSL 3.0 cannot be spoken by Node's TLS library, so we send a hand-built ClientHello
// and read only the first bytes of the answer: a ServerHello of that version means "accepted".
import { randomBytes } from 'node:crypto'
import { connectTcp } from '../net/guarded-connect.ts'
import type { IpLiteral } from '../net/ip-literal.ts'
import type { TargetPolicy } from '../net/policy.ts'

export type LegacyProtocol = 'SSLv2' | 'SSLv3'

/** RSA, DHE and legacy suites an SSL 3.0 server would pick from, plus the renegotiation SCSV. */
const SSL3_SUITES = [
  0x0039, 0x0038, 0x0035, 0x0033, 0x0032, 0x002f, 0x0016, 0x0013, 0x000a, 0x0005, 0x0004, 0x0009, 0x0015, 0x0012,
  0x0003, 0x0006, 0x0008, 0x0014, 0x0011, 0x00ff,
]
/** SSL 2.0 cipher kinds (3 bytes each): RC4, RC2, IDEA, DES, 3DES and their export forms. */
const SSL2_SPECS = [0x010080, 0x020080, 0x030080, 0x040080, 0x050080, 0x060040, 0x0700c0]

export function buildSslv3Hello(): Buffer {
  const suites = Buffer.alloc(SSL3_SUITES.length * 2)
  for (const [i, suite] of SSL3_SUITES.entries()) suites.writeUInt16BE(suite, i * 2)
  const body = Buffer.concat([
    Buffer.from([0x03, 0x00]),
    randomBytes(32),
    Buffer.from([0x00]),
    Buffer.from([suites.length >> 8, suites.length & 0xff]),
    suites,
    Buffer.from([0x01, 0x00]),
  ])
  const handshake = Buffer.concat([Buffer.from([0x01, 0, body.length >> 8, body.length & 0xff]), body])
  return Buffer.concat([Buffer.from([0x16, 0x03, 0x00, handshake.length >> 8, handshake.length & 0xff]), handshake])
}

export function buildSslv2Hello(): Buffer {
  const specs = Buffer.alloc(SSL2_SPECS.length * 3)
  for (const [i, spec] of SSL2_SPECS.entries()) specs.writeUIntBE(spec, i * 3, 3)
  const challenge = randomBytes(16)
  const body = Buffer.concat([
    Buffer.from([0x01, 0x00, 0x02, 0x00, specs.length, 0x00, 0x00, 0x00, challenge.length]),
    specs,
    challenge,
  ])
  return Buffer.concat([Buffer.from([0x80 | (body.length >> 8), body.length & 0xff]), body])
}

/** True when the reply starts with a ServerHello that accepts the protocol (and, for SSL 2, offers a cipher). */
export function acceptsLegacy(protocol: LegacyProtocol, reply: Buffer): boolean {
  if (protocol === 'SSLv3') {
    // record: type 22 (handshake); handshake type 2 (ServerHello) at 5; server_version at 9-10
    return reply.length >= 11 && reply[0] === 0x16 && reply[5] === 0x02 && reply[9] === 0x03 && reply[10] === 0x00
  }
  // 2-byte header (high bit set); SERVER-HELLO (4) at 2; version at 5-6; cipher-specs length at 9-10
  if (reply.length < 11 || ((reply[0] ?? 0) & 0x80) === 0 || reply[2] !== 0x04) return false
  return reply.readUInt16BE(5) === 0x0002 && reply.readUInt16BE(9) > 0
}

/** The server neither answered the hello nor closed the connection: nothing was learned. */
export class LegacyNoAnswerError extends Error {
  readonly code: string

  constructor(message: string, code: string) {
    super(message)
    this.name = 'LegacyNoAnswerError'
    this.code = code
  }
}

export interface LegacyProbeOptions {
  policy: TargetPolicy
  address: IpLiteral
  port: number
  signal: AbortSignal
  timeoutMs: number
}

/**
 * Sends the hello and waits for the first 11 bytes, the connection's end, or the deadline. A reply
 * or a closed connection is an answer; silence until the deadline, a reset before any reply or the
 * check's own end is not, and rejects with LegacyNoAnswerError.
 */
export async function probeLegacy(protocol: LegacyProtocol, options: LegacyProbeOptions): Promise<boolean> {
  const started = performance.now()
  const socket = await connectTcp(options.policy, options)
  const remaining = Math.max(1, options.timeoutMs - (performance.now() - started))
  return new Promise((resolve, reject) => {
    let reply = Buffer.alloc(0)
    const done = (silence?: LegacyNoAnswerError) => {
      clearTimeout(timer)
      options.signal.removeEventListener('abort', onAbort)
      socket.destroy()
      if (silence && reply.length === 0) reject(silence)
      else resolve(acceptsLegacy(protocol, reply))
    }
    const onAbort = () => done(new LegacyNoAnswerError('the check was stopped', 'ABORT_ERR'))
    const timer = setTimeout(
      () => done(new LegacyNoAnswerError(`no answer within ${options.timeoutMs} ms`, 'ETIMEDOUT')),
      remaining,
    )
    options.signal.addEventListener('abort', onAbort, { once: true })
    socket.on('data', (chunk: Buffer) => {
      reply = Buffer.concat([reply, chunk])
      if (reply.length >= 11) done()
    })
    socket.once('end', () => done())
    socket.once('close', () => done())
    socket.on('error', (error: NodeJS.ErrnoException) =>
      done(
        error.code === 'ECONNRESET'
          ? new LegacyNoAnswerError('connection reset before any reply', 'ECONNRESET')
          : undefined,
      ),
    )
    socket.write(protocol === 'SSLv3' ? buildSslv3Hello() : buildSslv2Hello())
  })
}
