// A minimal DNS server on loopback UDP for tests that need a quick, fixed answer to every question:
// NXDOMAIN by default, or another rcode (NOERROR with no records, SERVFAIL, REFUSED); silent for the
// record types in `silentFor`. (Tests of DNS behaviour use Knot.)
import dgram from 'node:dgram'
import type { AddressInfo } from 'node:net'
import dnsPacket from 'dns-packet'

export interface StubDns {
  /** "127.0.0.1:PORT" */
  endpoint: string
  port: number
  /** Questions received so far. */
  questions: number
  stop(): Promise<void>
}

const RCODES = { NOERROR: 0, NXDOMAIN: 3, SERVFAIL: 2, REFUSED: 5 } as const

export async function startStubDns(
  rcode: keyof typeof RCODES = 'NXDOMAIN',
  { silentFor = [] }: { silentFor?: string[] } = {},
): Promise<StubDns> {
  let questions = 0
  const socket = dgram.createSocket('udp4')
  socket.on('message', (message, peer) => {
    let query: dnsPacket.Packet
    try {
      query = dnsPacket.decode(message)
    } catch {
      return
    }
    questions += 1
    if (query.questions?.some((q) => silentFor.includes(q.type))) return
    const reply = dnsPacket.encode({
      id: query.id,
      type: 'response',
      flags: ((query.flags ?? 0) & dnsPacket.RECURSION_DESIRED) | dnsPacket.RECURSION_AVAILABLE | RCODES[rcode],
      questions: query.questions,
    })
    socket.send(reply, peer.port, peer.address)
  })
  await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', resolve))
  const { port } = socket.address() as AddressInfo
  return {
    endpoint: `127.0.0.1:${port}`,
    port,
    get questions() {
      return questions
    },
    stop: () => new Promise((resolve) => socket.close(() => resolve())),
  }
}
