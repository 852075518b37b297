// Listeners on addresses a test expects nobody to reach: every TCP connection and UDP datagram is
// recorded as "address port/proto", then dropped, so a test can prove that nothing got through.
import dgram from 'node:dgram'
import net from 'node:net'

export interface RecordingPeers {
  /** One entry per connection or datagram, e.g. "127.0.0.2 8080/tcp". */
  hits: string[]
  close(): Promise<void>
}

function listenTcp(address: string, port: number, hits: string[]): Promise<net.Server> {
  const server = net.createServer((socket) => {
    hits.push(`${address} ${port}/tcp`)
    socket.on('error', () => {})
    socket.destroy()
  })
  return new Promise((resolve, reject) => {
    server.once('error', reject)
    server.listen({ host: address, port, ipv6Only: address.includes(':') }, () => resolve(server))
  })
}

function listenUdp(address: string, port: number, hits: string[]): Promise<dgram.Socket> {
  const socket = dgram.createSocket({ type: address.includes(':') ? 'udp6' : 'udp4', ipv6Only: address.includes(':') })
  socket.on('message', () => hits.push(`${address} ${port}/udp`))
  return new Promise((resolve, reject) => {
    socket.once('error', reject)
    socket.bind(port, address, () => resolve(socket))
  })
}

/** Listens on every address × port; fails when one of them is taken. */
export async function startRecordingPeers(
  addresses: string[],
  ports: { tcp: number[]; udp: number[] },
): Promise<RecordingPeers> {
  const hits: string[] = []
  const tcp: net.Server[] = []
  const udp: dgram.Socket[] = []
  const close = async () => {
    await Promise.all(tcp.map((s) => new Promise((resolve) => s.close(resolve))))
    await Promise.all(udp.map((s) => new Promise<void>((resolve) => s.close(() => resolve()))))
  }
  try {
    for (const address of addresses) {
      for (const port of ports.tcp) tcp.push(await listenTcp(address, port, hits))
      for (const port of ports.udp) udp.push(await listenUdp(address, port, hits))
    }
  } catch (error) {
    await close()
    throw error
  }
  return { hits, close }
}
