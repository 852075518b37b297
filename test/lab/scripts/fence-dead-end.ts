// The browser fence's far side, for test/lab/browser-fence.lab.test.ts: inside a namespace with
// nothing but loopback, a listener on 127.0.0.1:9 (the fence's dead proxy) prints the first line of
// whatever reaches it ("DEAD END GET http://203.0.113.7/ HTTP/1.1") and closes without answering,
// and a page on 127.0.0.1:<pagePort> answers any request with a short HTML page.
// Usage (inside the namespace): node fence-dead-end.ts <pagePort>. Prints "READY" once both listen.
import http from 'node:http'
import net from 'node:net'

const pagePort = Number(process.argv[2])
const DEAD_PROXY_PORT = 9

const deadEnd = net.createServer((socket) => {
  let head = ''
  socket.setTimeout(5000, () => socket.destroy())
  socket.on('data', (chunk: Buffer) => {
    head += chunk.toString('latin1')
    const end = head.indexOf('\r\n')
    if (end < 0) return
    console.log(`DEAD END ${head.slice(0, end)}`)
    socket.destroy()
  })
  socket.on('error', () => undefined)
})

const page = http.createServer((_request, response) => {
  response.writeHead(200, { 'content-type': 'text/html' })
  response.end('<!doctype html><html lang="en"><title>Fenced page</title><p>Fenced page</p></html>')
})

const listen = (server: net.Server, port: number) =>
  new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, '127.0.0.1', () => resolve())
  })

await Promise.all([listen(deadEnd, DEAD_PROXY_PORT), listen(page, pagePort)])
console.log('READY')
