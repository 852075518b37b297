// A DNS server on loopback that holds every query until the test lets it answer: keeps a lookup in
// flight for exactly as long as a test needs (shutdown tests), with no timer involved.
import dgram from 'node:dgram'
import type { AddressInfo } from 'node:net'
import dnsPacket from 'dns-packet'

export interface SlowDns {
  endpoint: string
  /** Resolves once a query has arrived (and is being held). */
  queried: Promise<void>
  /** The names asked for so far. */
  names: string[]
  /** Answers the held queries, and every later one at once. */
  answer(): void
  stop(): Promise<void>
}

/** A DNS server on loopback that holds every query until answer() (198.51.100.7 for A queries). */
export async function startSlowDns(): Promise<SlowDns> {
  const socket = dgram.createSocket('udp4')
  const held: Array<() => void> = []
  const names: string[] = []
  let answering = false
  let onQuery = () => {}
  const queried = new Promise<void>((resolve) => {
    onQuery = resolve
  })
  socket.on('message', (message, peer) => {
    const query = dnsPacket.decode(message)
    const reply = () => {
      const question = query.questions?.[0]
      const answers: dnsPacket.Answer[] =
        question?.type === 'A' ? [{ type: 'A', name: question.name, ttl: 300, data: '198.51.100.7' }] : []
      const packet = dnsPacket.encode({
        id: query.id,
        type: 'response',
        flags: dnsPacket.AUTHORITATIVE_ANSWER | ((query.flags ?? 0) & dnsPacket.RECURSION_DESIRED),
        questions: query.questions,
        answers,
      })
      socket.send(packet, peer.port, peer.address)
    }
    names.push(query.questions?.[0]?.name ?? '')
    onQuery()
    if (answering) reply()
    else held.push(reply)
  })
  await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', resolve))
  const { port } = socket.address() as AddressInfo
  return {
    endpoint: `127.0.0.1:${port}`,
    queried,
    names,
    answer() {
      answering = true
      for (const reply of held.splice(0)) reply()
    },
    stop: () => new Promise((resolve) => socket.close(() => resolve())),
  }
}
