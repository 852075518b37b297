// A TCP server on loopback that accepts connections and never answers until told to: keeps tool
// runs in progress for as long as a test needs, then ends them all by resetting the connections.
import net from 'node:net'

export interface HoldingServer {
  port: number
  /** Resolves once at least `count` connections are open. */
  connections(count: number): Promise<void>
  /** Resets every open connection, and every later one at once. */
  release(): void
  close(): Promise<void>
}

export async function startHoldingServer(host = '127.0.0.1'): Promise<HoldingServer> {
  const sockets = new Set<net.Socket>()
  const waiters: Array<{ count: number; resolve: () => void }> = []
  let releasing = false
  const server = net.createServer((socket) => {
    socket.on('error', () => undefined)
    if (releasing) return void socket.resetAndDestroy()
    sockets.add(socket)
    socket.once('close', () => sockets.delete(socket))
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
    close: () => new Promise((resolve) => server.close(() => resolve())),
  }
}
