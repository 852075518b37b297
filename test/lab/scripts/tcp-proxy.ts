// The site's front: a TCP proxy that hands each new connection to the next backend of its route in
// turn (round robin), skipping a backend that refuses it.
// Usage (inside site): node tcp-proxy.ts <listen>=<backend>[,<backend>...] ...
// A listen or backend is a TCP port (listen: every address of the namespace, IPv4 and IPv6;
// backend: 127.0.0.1) or the absolute path of a Unix socket. E.g. "80=8081,8082" is the site's
// address in front of two processes, "/tmp/x/a.sock=8081" a door to one of them from outside the
// namespace. Prints "READY" once every route listens.
import net from 'node:net'

const CONNECT_DEADLINE_MS = 2000

type Endpoint = { port: number } | { path: string }

function endpoint(text: string): Endpoint {
  if (text.startsWith('/')) return { path: text }
  const port = Number(text)
  if (!Number.isInteger(port) || port < 1 || port > 65535) throw new Error(`not a port or socket path: "${text}"`)
  return { port }
}

/** Connects to the first backend that accepts, starting at the route's next one in turn. */
function connectBackend(backends: Endpoint[], start: number, tried = 0): Promise<net.Socket | null> {
  if (tried >= backends.length) return Promise.resolve(null)
  const target = backends[(start + tried) % backends.length] as Endpoint
  return new Promise((resolve) => {
    const backend =
      'path' in target
        ? net.connect({ path: target.path, allowHalfOpen: true })
        : net.connect({ host: '127.0.0.1', port: target.port, allowHalfOpen: true })
    const fail = () => {
      backend.destroy()
      resolve(connectBackend(backends, start, tried + 1))
    }
    backend.setTimeout(CONNECT_DEADLINE_MS, fail)
    backend.once('error', fail)
    backend.once('connect', () => {
      backend.setTimeout(0)
      backend.off('error', fail)
      resolve(backend)
    })
  })
}

function openRoute(spec: string): Promise<void> {
  const [listenText, backendText] = spec.split('=')
  if (!listenText || !backendText) throw new Error(`bad route "${spec}": expected <listen>=<backend>[,<backend>...]`)
  const listen = endpoint(listenText)
  const backends = backendText.split(',').map(endpoint)
  let next = 0
  const server = net.createServer({ allowHalfOpen: true, pauseOnConnect: true }, async (client) => {
    const start = next
    next = (next + 1) % backends.length
    const backend = await connectBackend(backends, start)
    if (!backend) {
      client.destroy()
      return
    }
    // Either side failing or closing takes the other with it, as a lost path would.
    const closeBoth = () => {
      client.destroy()
      backend.destroy()
    }
    for (const socket of [client, backend]) {
      socket.on('error', closeBoth)
      socket.on('close', closeBoth)
    }
    client.pipe(backend)
    backend.pipe(client)
    client.resume()
  })
  return new Promise((resolve, reject) => {
    server.once('error', reject)
    if ('path' in listen) server.listen(listen.path, () => resolve())
    else server.listen({ port: listen.port, host: '::', ipv6Only: false }, () => resolve())
  })
}

const routes = process.argv.slice(2)
if (routes.length === 0) {
  console.error('usage: tcp-proxy.ts <listen>=<backend>[,<backend>...] ...')
  process.exit(2)
}
await Promise.all(routes.map(openRoute))
console.log(`READY ${routes.length}`)
process.on('SIGTERM', () => process.exit(0))
