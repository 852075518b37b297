// A lab peer: accepts TCP connections on the given ports of every address and closes them at once.
// Usage (inside srv): node tcp-listener.ts <port> [port...]; prints "READY" when listening.
import net from 'node:net'

const ports = process.argv.slice(2).map(Number)
const servers = ports.map((port) =>
  net.createServer((socket) => socket.end()).listen({ port, host: '::', ipv6Only: false }),
)
await Promise.all(servers.map((s) => new Promise((resolve) => s.once('listening', resolve))))
console.log(`READY ${ports.join(' ')}`)
process.on('SIGTERM', () => {
  for (const s of servers) s.close()
  process.exit(0)
})
