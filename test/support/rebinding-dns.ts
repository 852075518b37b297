// A DNS server that changes its mind (DNS rebinding): the first A question for a name gets one
// address, every later one another, always with TTL 0. AAAA and other types get an empty answer.
import dgram from 'node:dgram'
import type { AddressInfo } from 'node:net'
import dnsPacket from 'dns-packet'

export interface RebindingDns {
  /** "address:port" */
  endpoint: string
  /** A questions asked so far, per name (lower case, no final dot). */
  asked: Map<string, number>
  stop(): Promise<void>
}

export async function startRebindingDns(options: {
  host: string
  first: string
  later: string
}): Promise<RebindingDns> {
  const asked = new Map<string, number>()
  const socket = dgram.createSocket('udp4')
  socket.on('message', (message, peer) => {
    let query: dnsPacket.DecodedPacket
    try {
      query = dnsPacket.decode(message)
    } catch {
      return
    }
    const question = query.questions?.[0]
    if (!question) return
    const name = question.name.toLowerCase().replace(/\.$/, '')
    const answers: dnsPacket.Answer[] = []
    if (question.type === 'A') {
      const count = (asked.get(name) ?? 0) + 1
      asked.set(name, count)
      answers.push({ type: 'A', name: question.name, ttl: 0, data: count === 1 ? options.first : options.later })
    }
    const reply = dnsPacket.encode({
      id: query.id,
      type: 'response',
      flags: dnsPacket.RECURSION_DESIRED | dnsPacket.RECURSION_AVAILABLE | dnsPacket.AUTHORITATIVE_ANSWER,
      questions: query.questions,
      answers,
    })
    socket.send(reply, peer.port, peer.address)
  })
  await new Promise<void>((resolve) => socket.bind(0, options.host, resolve))
  const { port } = socket.address() as AddressInfo
  return {
    endpoint: `${options.host}:${port}`,
    asked,
    stop: () => new Promise((resolve) => socket.close(() => resolve())),
  }
}
