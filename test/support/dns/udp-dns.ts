// The UDP side of the small DNS stand-ins (stub, table, rebinding): binds a loopback address, decodes
// each query and sends back the reply the stand-in chooses; a null reply leaves the client waiting.
import dgram from 'node:dgram'
import type { AddressInfo } from 'node:net'
import dnsPacket from 'dns-packet'

export const RCODES = { NOERROR: 0, NXDOMAIN: 3, SERVFAIL: 2, REFUSED: 5 } as const

export interface UdpDnsReply {
  rcode?: keyof typeof RCODES
  answers?: dnsPacket.Answer[]
  /** All header flags at once, instead of the query's RD bit, RA and the rcode. */
  flags?: number
}

export interface UdpDns {
  /** "host:PORT" */
  endpoint: string
  port: number
  stop(): Promise<void>
}

export async function startUdpDns(
  host: string,
  reply: (query: dnsPacket.Packet) => UdpDnsReply | null,
): Promise<UdpDns> {
  const socket = dgram.createSocket('udp4')
  socket.on('message', (message, peer) => {
    let query: dnsPacket.Packet
    try {
      query = dnsPacket.decode(message)
    } catch {
      return
    }
    const answer = reply(query)
    if (!answer) return
    const flags =
      answer.flags ??
      ((query.flags ?? 0) & dnsPacket.RECURSION_DESIRED) |
        dnsPacket.RECURSION_AVAILABLE |
        RCODES[answer.rcode ?? 'NOERROR']
    const packet = dnsPacket.encode({
      id: query.id,
      type: 'response',
      flags,
      questions: query.questions,
      answers: answer.answers ?? [],
    })
    socket.send(packet, peer.port, peer.address)
  })
  await new Promise<void>((resolve) => socket.bind(0, host, resolve))
  const { port } = socket.address() as AddressInfo
  return {
    endpoint: `${host}:${port}`,
    port,
    stop: () => new Promise((resolve) => socket.close(() => resolve())),
  }
}
