// Peers whose TLS handshakes fail in the ways real servers make them fail: one that hangs up on the
// ClientHello, one that answers in plain text on a TLS port, and SMTP servers that accept STARTTLS
// and then hang up or answer in plain text. All on loopback, for the tests of failure wording.
import net from 'node:net'

export interface Peer {
  host: string
  port: number
  close(): Promise<void>
}

async function listen(host: string, port: number, onConnection: (socket: net.Socket) => void): Promise<Peer> {
  const server = net.createServer((socket) => {
    socket.on('error', () => {})
    onConnection(socket)
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, host, resolve)
  })
  return {
    host,
    port: (server.address() as net.AddressInfo).port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

/** How a peer answers the first bytes of a TLS handshake. */
export type HandshakeBreak = 'hang-up' | 'plain-text'

function breakHandshake(socket: net.Socket, how: HandshakeBreak) {
  socket.once('data', () => {
    if (how === 'hang-up') socket.destroy()
    else socket.end('HTTP/1.1 400 Bad Request\r\nContent-Length: 0\r\n\r\n')
  })
}

/** A TCP port where every TLS handshake breaks the same way. */
export function startBrokenTlsPeer(host: string, how: HandshakeBreak, port = 0): Promise<Peer> {
  return listen(host, port, (socket) => breakHandshake(socket, how))
}

/** An SMTP server that offers STARTTLS, answers "220 Ready" and then breaks the handshake. */
export function startBrokenStarttlsPeer(host: string, port: number, how: HandshakeBreak): Promise<Peer> {
  return listen(host, port, (socket) => {
    socket.write(`220 ${how}.broken.test ESMTP\r\n`)
    let buffered = ''
    const onData = (chunk: Buffer) => {
      buffered += String(chunk)
      for (let at = buffered.indexOf('\r\n'); at !== -1; at = buffered.indexOf('\r\n')) {
        const command = buffered.slice(0, at).toUpperCase()
        buffered = buffered.slice(at + 2)
        if (command.startsWith('EHLO')) socket.write(`250-${how}.broken.test\r\n250 STARTTLS\r\n`)
        else if (command === 'STARTTLS') {
          socket.off('data', onData)
          socket.write('220 2.0.0 Ready to start TLS\r\n')
          return breakHandshake(socket, how)
        } else if (command === 'QUIT') socket.end('221 Bye\r\n')
        else socket.write('502 5.5.2 Command not recognised\r\n')
      }
    }
    socket.on('data', onData)
  })
}
