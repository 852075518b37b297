// Real TLS server programs on loopback for the weakness tests: `openssl s_server` and `gnutls-serv`,
// each with the options that expose one weakness. Ready when the program says it is listening;
// stopped by their own process id.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process'
import net from 'node:net'

export interface TlsDaemon {
  host: string
  port: number
  stop(): Promise<void>
}

const has = (program: string) => spawnSync('sh', ['-c', `command -v ${program}`]).status === 0
export const gnutlsServAvailable = has('gnutls-serv')

/** A free loopback port (gnutls-serv cannot be told to pick one). */
async function freePort(host: string): Promise<number> {
  const server = net.createServer()
  await new Promise<void>((resolve) => server.listen(0, host, resolve))
  const { port } = server.address() as net.AddressInfo
  await new Promise<void>((resolve) => server.close(() => resolve()))
  return port
}

function whenListening(child: ChildProcess, ready: RegExp, what: string): Promise<void> {
  return new Promise((resolve, reject) => {
    let output = ''
    const onData = (chunk: Buffer) => {
      output += String(chunk)
      if (ready.test(output)) {
        child.stdout?.off('data', onData)
        child.stderr?.off('data', onData)
        resolve()
      }
    }
    child.stdout?.on('data', onData)
    child.stderr?.on('data', onData)
    child.once('exit', (code) => reject(new Error(`${what} exited (${code}) before listening: ${output.trim()}`)))
    child.once('error', reject)
  })
}

function daemon(child: ChildProcess, host: string, port: number): TlsDaemon {
  // Drain the output so that a chatty server never blocks on a full pipe.
  child.stdout?.resume()
  child.stderr?.resume()
  return {
    host,
    port,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve()
        child.once('exit', () => resolve())
        child.kill()
      }),
  }
}

export interface DaemonFiles {
  cert: string
  key: string
}

/** `openssl s_server -www` on 127.0.0.1 with extra options (cipher list, -dhparam, -no_tls1_3...). */
export async function startOpensslServer(files: DaemonFiles, options: string[]): Promise<TlsDaemon> {
  const host = '127.0.0.1'
  const port = await freePort(host)
  const args = ['s_server', '-accept', `${host}:${port}`, '-cert', files.cert, '-key', files.key, '-www', ...options]
  const child = spawn('openssl', args, { stdio: ['ignore', 'pipe', 'pipe'] })
  await whenListening(child, /ACCEPT/, 'openssl s_server')
  return daemon(child, host, port)
}

/** `gnutls-serv --http` with a priority string and extra options (--heartbeat, --dhparams...). */
export async function startGnutlsServer(
  files: DaemonFiles,
  priority: string,
  options: string[] = [],
): Promise<TlsDaemon> {
  const host = '127.0.0.1'
  const port = await freePort(host)
  const args = ['--http', '--port', String(port), '--x509certfile', files.cert, '--x509keyfile', files.key]
  const child = spawn('gnutls-serv', [...args, '--priority', priority, ...options], {
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  await whenListening(child, /listening/i, 'gnutls-serv')
  return daemon(child, host, port)
}
