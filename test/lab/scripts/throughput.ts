// Measures a link's upload rate with one TCP transfer.
//   node throughput.ts sink <port>                  (inside the receiving namespace) prints "READY"
//   node throughput.ts send <host> <port> <bytes>   prints {"bytes":…,"ms":…,"mbit":…}
// The sink times the transfer from its first byte to its last, so the connection's handshake and
// the first round trip do not count, and answers the figures on the same connection.
import net from 'node:net'
import { performance } from 'node:perf_hooks'

const [mode, ...args] = process.argv.slice(2)

if (mode === 'sink') {
  const server = net.createServer((socket) => {
    let bytes = 0
    let first = 0
    let last = 0
    socket.on('data', (chunk) => {
      if (bytes === 0) first = performance.now()
      bytes += chunk.length
      last = performance.now()
    })
    socket.on('end', () => {
      const ms = last - first
      socket.end(JSON.stringify({ bytes, ms, mbit: ms > 0 ? (bytes * 8) / (ms * 1000) : null }))
    })
    socket.on('error', () => socket.destroy())
  })
  server.listen({ port: Number(args[0]), host: '::', ipv6Only: false }, () => console.log('READY'))
  process.on('SIGTERM', () => process.exit(0))
} else if (mode === 'send') {
  const [host, port, size] = args
  const total = Number(size)
  const socket = net.connect({ host, port: Number(port) })
  socket.setTimeout(60_000, () => socket.destroy(new Error('no progress for 60 s')))
  const block = Buffer.alloc(64 * 1024, 0x5a)
  let sent = 0
  const pump = () => {
    while (sent < total) {
      const piece = block.subarray(0, Math.min(block.length, total - sent))
      sent += piece.length
      if (!socket.write(piece)) return socket.once('drain', pump)
    }
    socket.end()
  }
  let answer = ''
  socket.on('connect', pump)
  socket.on('data', (chunk) => {
    answer += chunk.toString('utf8')
  })
  socket.on('end', () => console.log(answer))
  socket.on('error', (error) => {
    console.error(error.message)
    process.exit(1)
  })
} else {
  console.error('usage: throughput.ts sink <port> | send <host> <port> <bytes>')
  process.exit(2)
}
