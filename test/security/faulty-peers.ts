// Misbehaving peers on loopback: a DNS server that never answers, whois servers that drip or flood,
// TLS servers that stall mid-handshake, an SMTP server that never greets, an HTTP server with a
// redirect loop and one that resets mid-response.
import dgram from 'node:dgram'
import http from 'node:http'
import net from 'node:net'

export interface Closable {
  port: number
  close(): Promise<void>
}

/** Every socket a peer opened, so close() can end them (a stalled peer never ends them itself). */
function trackSockets(server: net.Server, timers: Set<NodeJS.Timeout>) {
  const sockets = new Set<net.Socket>()
  server.on('connection', (socket) => {
    sockets.add(socket)
    socket.on('error', () => {})
    socket.once('close', () => sockets.delete(socket))
  })
  return async () => {
    for (const timer of timers) clearInterval(timer)
    for (const socket of sockets) socket.destroy()
    await new Promise((resolve) => server.close(resolve))
  }
}

function listen(server: net.Server, host: string, timers = new Set<NodeJS.Timeout>()): Promise<Closable> {
  const close = trackSockets(server, timers)
  return new Promise((resolve) =>
    server.listen(0, host, () => resolve({ port: (server.address() as net.AddressInfo).port, close })),
  )
}

/** Reads UDP questions and never answers. */
export async function startSilentDns(host: string): Promise<Closable> {
  const socket = dgram.createSocket('udp4')
  await new Promise<void>((resolve) => socket.bind(0, host, resolve))
  return {
    port: socket.address().port,
    close: () => new Promise((resolve) => socket.close(() => resolve())),
  }
}

/** Accepts connections and sends nothing at all. */
export function startSilentTcp(host: string): Promise<Closable> {
  return listen(
    net.createServer(() => {}),
    host,
  )
}

/** Answers a whois query one byte per second, forever. */
export function startDrippingWhois(host: string): Promise<Closable> {
  const timers = new Set<NodeJS.Timeout>()
  const server = net.createServer((socket) => {
    socket.once('data', () => {
      const timer = setInterval(() => socket.write('x'), 1000)
      timers.add(timer)
      socket.once('close', () => clearInterval(timer))
    })
  })
  return listen(server, host, timers)
}

/** Answers a whois query with `bytes` bytes of text, then closes. */
export function startFloodingWhois(host: string, bytes: number): Promise<Closable> {
  const line = Buffer.from(`${'remarks: '.padEnd(79, 'x')}\n`)
  const server = net.createServer((socket) => {
    socket.once('data', () => {
      let left = bytes
      const pump = () => {
        while (left > 0) {
          left -= line.length
          if (!socket.write(line)) return socket.once('drain', pump)
        }
        socket.end()
      }
      pump()
    })
  })
  return listen(server, host)
}

/** Reads the ClientHello, answers the start of a ServerHello whose record promises more, then stalls. */
export function startHalfHelloTls(host: string): Promise<Closable> {
  // Handshake record (22), TLS 1.2, length 0x0059; ServerHello (2) of 0x55 bytes; version; 8 random bytes.
  const partial = Buffer.from('160303005902000055030300112233445566778899', 'hex')
  const server = net.createServer((socket) => socket.once('data', () => socket.write(partial)))
  return listen(server, host)
}

/** HTTP: /loop redirects to itself; /reset sends the headers and part of the body, then resets. */
export async function startBadHttp(host: string): Promise<Closable> {
  const server = http.createServer((request, response) => {
    if (request.url === '/loop') return response.writeHead(302, { location: '/loop' }).end()
    response.writeHead(200, { 'content-type': 'text/plain', 'content-length': '100000' })
    response.write('partial body')
    setTimeout(() => response.socket?.resetAndDestroy(), 50)
  })
  return listen(server, host)
}
