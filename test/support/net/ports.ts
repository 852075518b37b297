// Free loopback ports for servers a test starts (both TCP and UDP free, for DNS).
import dgram from 'node:dgram'
import net from 'node:net'

function tcpPort(host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer()
    server.once('error', reject)
    server.listen(0, host, () => {
      const { port } = server.address() as net.AddressInfo
      server.close(() => resolve(port))
    })
  })
}

function udpFree(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = dgram.createSocket(host.includes(':') ? 'udp6' : 'udp4')
    socket.once('error', () => resolve(false))
    socket.bind(port, host, () => socket.close(() => resolve(true)))
  })
}

export async function freePort(host = '127.0.0.1', udp = false): Promise<number> {
  for (let i = 0; i < 20; i++) {
    const port = await tcpPort(host)
    if (!udp || (await udpFree(host, port))) return port
  }
  throw new Error('no free port found')
}
