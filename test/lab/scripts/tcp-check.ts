// Says whether a TCP port can be reached from this namespace: prints "open", or "unreachable: <why>".
// Usage: node tcp-check.ts <host> <port> [timeoutMs]
import net from 'node:net'

const [host, port, timeout = '2000'] = process.argv.slice(2)
if (!host || !port) {
  console.error('usage: tcp-check.ts <host> <port> [timeoutMs]')
  process.exit(2)
}
const socket = net.connect({ host, port: Number(port) })
socket.setTimeout(Number(timeout), () => socket.destroy(Object.assign(new Error('timed out'), { code: 'ETIMEDOUT' })))
socket.on('connect', () => {
  console.log('open')
  socket.destroy()
})
socket.on('error', (error: NodeJS.ErrnoException) => console.log(`unreachable: ${error.code ?? error.message}`))
