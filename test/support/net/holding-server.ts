// A TCP server on loopback that accepts connections and never answers until told to: keeps tool
// runs in progress for as long as a test needs, then ends them all by resetting the connections.
import net from 'node:net'

export interface HoldingServer {
  port: number
  /** Resolves once at least `count` connections are open. */
  connections(count: number): Promise<void>
  /** Resets every open connection, and every later one at once. */
  release(): void
  /** Request lines received so far ("GET /a HTTP/1.1"), in arrival order, held or not. */
  requests: string[]
  /** Resets the open connections whose request line matches. */
  releaseWhere(match: (requestLine: string) => boolean): void
  close(): Promise<void>
}

export async function startHoldingServer(host = '127.0.0.1'): Promise<HoldingServer> {
  const sockets = new Set<net.Socket>()
  const requests: string[] = []
  const lines = new Map<net.Socket, string>()
  const waiters: Array<{ count: number; resolve: () => void }> = []
  let releasing = false
  const server = net.createServer((socket) => {
    socket.on('error', () => undefined)
    if (releasing) return void socket.resetAndDestroy()
    sockets.add(socket)
    socket.once('close', () => sockets.delete(socket))
    socket.once('data', (chunk: Buffer) => {
      const line = chunk.toString('latin1').split('\r\n')[0] ?? ''
      lines.set(socket, line)
      requests.push(line)
    })
    for (const waiter of waiters.filter((w) => sockets.size >= w.count)) {
      waiters.splice(waiters.indexOf(waiter), 1)
      waiter.resolve()
    }
  })
  await new Promise<void>((resolve) => server.listen(0, host, resolve))
  const { port } = server.address() as net.AddressInfo
  return {
    port,
    connections: (count) =>
      sockets.size >= count ? Promise.resolve() : new Promise((resolve) => waiters.push({ count, resolve })),
    release() {
      releasing = true
      for (const socket of sockets) socket.resetAndDestroy()
    },
    requests,
    releaseWhere(match) {
      for (const socket of sockets) if (match(lines.get(socket) ?? '')) socket.resetAndDestroy()
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  }
}
