// Stand-ins for name servers a zone delegates to, on loopback UDP: every datagram that arrives is
// counted per address, and each question is answered authoritatively (AA) with one A record, or left
// unanswered (`silent`), as a machine that does not run DNS at all would. Tests count what reaches them.
import dgram from 'node:dgram'
import dnsPacket from 'dns-packet'

export interface RecordingAuthoritative {
  /** Datagrams received, per listening address. */
  packets: Map<string, number>
  /** All datagrams received. */
  total(): number
  stop(): Promise<void>
}

export const ANSWER_ADDRESS = '198.51.100.80'

function listen(address: string, port: number, silent: boolean, count: () => void): Promise<dgram.Socket> {
  const socket = dgram.createSocket('udp4')
  socket.on('message', (message, peer) => {
    count()
    if (silent) return
    let query: dnsPacket.Packet
    try {
      query = dnsPacket.decode(message)
    } catch {
      return
    }
    const question = query.questions?.[0]
    if (!question) return
    const answers = question.type === 'A' ? [{ name: question.name, type: 'A', ttl: 300, data: ANSWER_ADDRESS }] : []
    const reply = dnsPacket.encode({
      id: query.id,
      type: 'response',
      flags: dnsPacket.AUTHORITATIVE_ANSWER,
      questions: query.questions,
      answers: answers as dnsPacket.Answer[],
    })
    socket.send(reply, peer.port, peer.address)
  })
  return new Promise((resolve, reject) => {
    socket.once('error', reject)
    socket.bind(port, address, () => resolve(socket))
  })
}

export async function startRecordingAuthoritative(
  addresses: string[],
  port: number,
  { silent = false }: { silent?: boolean } = {},
): Promise<RecordingAuthoritative> {
  const packets = new Map<string, number>()
  const sockets: dgram.Socket[] = []
  const stop = async () => {
    await Promise.all(sockets.map((s) => new Promise<void>((resolve) => s.close(() => resolve()))))
  }
  try {
    for (const address of addresses) {
      packets.set(address, 0)
      sockets.push(await listen(address, port, silent, () => packets.set(address, (packets.get(address) ?? 0) + 1)))
    }
  } catch (error) {
    await stop()
    throw error
  }
  return { packets, total: () => [...packets.values()].reduce((a, b) => a + b, 0), stop }
}
