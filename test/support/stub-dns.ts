// A minimal DNS server on loopback UDP for browser tests that need a quick, fixed answer: NXDOMAIN
// to every question. (Tests of DNS behaviour use Knot.)
import dgram from 'node:dgram'
import type { AddressInfo } from 'node:net'
import dnsPacket from 'dns-packet'

export interface StubDns {
  /** "127.0.0.1:PORT" */
  endpoint: string
  stop(): Promise<void>
}

const NXDOMAIN = 3

export async function startStubDns(): Promise<StubDns> {
  const socket = dgram.createSocket('udp4')
  socket.on('message', (message, peer) => {
    let query: dnsPacket.Packet
    try {
      query = dnsPacket.decode(message)
    } catch {
      return
    }
    const reply = dnsPacket.encode({
      id: query.id,
      type: 'response',
      flags: ((query.flags ?? 0) & dnsPacket.RECURSION_DESIRED) | dnsPacket.RECURSION_AVAILABLE | NXDOMAIN,
      questions: query.questions,
    })
    socket.send(reply, peer.port, peer.address)
  })
  await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', resolve))
  const { port } = socket.address() as AddressInfo
  return {
    endpoint: `127.0.0.1:${port}`,
    stop: () => new Promise((resolve) => socket.close(() => resolve())),
  }
}
