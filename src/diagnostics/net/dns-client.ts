// Our own DNS client: one question over UDP, retried over TCP when the answer is truncated.
import { randomInt } from 'node:crypto'
import dgram from 'node:dgram'
import net, { isIPv6 } from 'node:net'
import type { DecodedPacket, RecordType } from 'dns-packet'
import dnsPacket from 'dns-packet'
import type { Endpoint } from './endpoint.ts'

export interface DnsQuestion {
  name: string
  type: RecordType
  server: Endpoint
  signal: AbortSignal
  /** Per-attempt wait for an answer. */
  timeoutMs?: number
  /** UDP attempts before giving up. */
  attempts?: number
  recursionDesired?: boolean
  /** Ask for DNSSEC records (EDNS DO bit). */
  dnssecOk?: boolean
  checkingDisabled?: boolean
  /**
   * Called before each packet is sent (each UDP try, the TCP retry); throwing stops the exchange.
   * A refusal before the first packet is the exchange's error; after one, the last timeout stands.
   */
  beforeSend?: () => void
}

export interface DnsExchange {
  response: DecodedPacket
  /** The answer's wire bytes, for decoding what dns-packet does not (record data of any type). */
  message: Buffer
  transport: 'udp' | 'tcp'
  timeMs: number
}

export class DnsTimeoutError extends Error {}

interface Reply {
  packet: DecodedPacket
  message: Buffer
}

const EDNS_UDP_SIZE = 1232

function encodeQuery(q: DnsQuestion, id: number): Buffer {
  let flags = q.recursionDesired === false ? 0 : dnsPacket.RECURSION_DESIRED
  if (q.checkingDisabled) flags |= dnsPacket.CHECKING_DISABLED
  return dnsPacket.encode({
    type: 'query',
    id,
    flags,
    questions: [{ type: q.type, name: q.name, class: 'IN' }],
    additionals: [
      { type: 'OPT', name: '.', udpPayloadSize: EDNS_UDP_SIZE, flags: q.dnssecOk ? dnsPacket.DNSSEC_OK : 0 } as never,
    ],
  })
}

/** Lowercase, without the final dot; the root is "". */
function canonicalName(name: string): string {
  return name.toLowerCase().replace(/\.$/, '')
}

function matches(response: DecodedPacket, id: number, q: DnsQuestion): boolean {
  const question = response.questions?.[0]
  return (
    response.id === id &&
    response.flag_qr &&
    question !== undefined &&
    canonicalName(question.name) === canonicalName(q.name) &&
    question.type === q.type
  )
}

function udpOnce(q: DnsQuestion, timeoutMs: number): Promise<Reply> {
  const id = randomInt(0, 65536)
  const query = encodeQuery(q, id)
  const socket = dgram.createSocket(isIPv6(q.server.address) ? 'udp6' : 'udp4')
  return new Promise<Reply>((resolve, reject) => {
    const finish = (error: Error | null, reply?: Reply) => {
      clearTimeout(timer)
      q.signal.removeEventListener('abort', onAbort)
      socket.close()
      if (error) reject(error)
      else resolve(reply as Reply)
    }
    const onAbort = () => finish(new DnsTimeoutError('aborted', { cause: q.signal.reason }))
    const timer = setTimeout(() => finish(new DnsTimeoutError(`no answer within ${timeoutMs} ms`)), timeoutMs)
    q.signal.addEventListener('abort', onAbort, { once: true })
    socket.on('error', (error) => finish(error))
    socket.on('message', (message, remote) => {
      if (remote.port !== q.server.port) return
      try {
        const packet = dnsPacket.decode(message)
        if (matches(packet, id, q)) finish(null, { packet, message })
      } catch {
        // A malformed or foreign datagram: keep waiting for the real answer.
      }
    })
    socket.send(query, q.server.port, q.server.address)
  })
}

function tcpOnce(q: DnsQuestion, timeoutMs: number): Promise<Reply> {
  const id = randomInt(0, 65536)
  const query = encodeQuery(q, id)
  const framed = Buffer.concat([Buffer.from([query.length >> 8, query.length & 0xff]), query])
  return new Promise<Reply>((resolve, reject) => {
    const socket = net.connect({ host: q.server.address, port: q.server.port })
    let buffered = Buffer.alloc(0)
    const finish = (error: Error | null, reply?: Reply) => {
      clearTimeout(timer)
      q.signal.removeEventListener('abort', onAbort)
      socket.destroy()
      if (error) reject(error)
      else resolve(reply as Reply)
    }
    const onAbort = () => finish(new DnsTimeoutError('aborted', { cause: q.signal.reason }))
    const timer = setTimeout(() => finish(new DnsTimeoutError(`no answer within ${timeoutMs} ms`)), timeoutMs)
    q.signal.addEventListener('abort', onAbort, { once: true })
    socket.on('connect', () => socket.write(framed))
    socket.on('error', (error) => finish(error))
    socket.on('end', () => finish(new Error('connection closed before a complete answer')))
    socket.on('data', (chunk) => {
      buffered = Buffer.concat([buffered, chunk as Buffer])
      if (buffered.length > 65537) return finish(new Error('answer larger than a DNS message can be'))
      if (buffered.length < 2) return
      const length = buffered.readUInt16BE(0)
      if (buffered.length < 2 + length) return
      try {
        const message = buffered.subarray(2, 2 + length)
        const packet = dnsPacket.decode(message)
        if (matches(packet, id, q)) finish(null, { packet, message })
        else finish(new Error('answer does not match the question'))
      } catch (error) {
        finish(new Error('malformed answer', { cause: error }))
      }
    })
  })
}

const elapsed = (started: number) => Math.round(performance.now() - started)

/** A retry after a timeout is sent only when `beforeSend` lets it go. */
function mayRetry(q: DnsQuestion): boolean {
  try {
    q.beforeSend?.()
    return true
  } catch {
    return false
  }
}

/** Asks one server one question; UDP first, TCP when the UDP answer is truncated. */
export async function exchangeDns(q: DnsQuestion): Promise<DnsExchange> {
  const timeoutMs = q.timeoutMs ?? 2500
  const attempts = q.attempts ?? 2
  const started = performance.now()
  let lastError: unknown
  for (let attempt = 0; attempt < attempts; attempt++) {
    if (q.signal.aborted) break
    try {
      if (attempt === 0) q.beforeSend?.()
      else if (!mayRetry(q)) break
      const udp = await udpOnce(q, timeoutMs)
      if (!udp.packet.flag_tc) {
        return { response: udp.packet, message: udp.message, transport: 'udp', timeMs: elapsed(started) }
      }
      q.beforeSend?.()
      const tcp = await tcpOnce(q, timeoutMs)
      return { response: tcp.packet, message: tcp.message, transport: 'tcp', timeMs: elapsed(started) }
    } catch (error) {
      lastError = error
      if (!(error instanceof DnsTimeoutError)) throw error
    }
  }
  throw lastError instanceof Error ? lastError : new DnsTimeoutError('aborted')
}
