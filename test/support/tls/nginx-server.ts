// nginx (Debian's nginx-light) on loopback with one of Mozilla's server-side TLS profiles: modern
// (TLS 1.3 only), intermediate (TLS 1.2 and 1.3, AEAD suites with forward secrecy) and old (TLS 1.0
// to 1.3, CBC and 3DES suites for old clients, server order). Runs unprivileged, in the foreground,
// with its own prefix, pid file, logs and temp folders in a temp directory; stopped by its own id.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import net from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import type { DaemonFiles, TlsDaemon } from './tls-daemons.ts'

export const NGINX = ['/usr/sbin/nginx', '/usr/bin/nginx'].find(
  (path) => spawnSync('sh', ['-c', `test -x ${path}`]).status === 0,
)
export const nginxAvailable = NGINX !== undefined

export type MozillaProfile = 'modern' | 'intermediate' | 'old'

/** The TLS directives of each profile (Mozilla's server-side TLS guidelines, version 5). */
const PROFILES: Record<MozillaProfile, string[]> = {
  modern: ['ssl_protocols TLSv1.3;', 'ssl_prefer_server_ciphers off;'],
  intermediate: [
    'ssl_protocols TLSv1.2 TLSv1.3;',
    'ssl_ecdh_curve X25519:prime256v1:secp384r1;',
    `ssl_ciphers ${[
      'ECDHE-ECDSA-AES128-GCM-SHA256',
      'ECDHE-RSA-AES128-GCM-SHA256',
      'ECDHE-ECDSA-AES256-GCM-SHA384',
      'ECDHE-RSA-AES256-GCM-SHA384',
      'ECDHE-ECDSA-CHACHA20-POLY1305',
      'ECDHE-RSA-CHACHA20-POLY1305',
      'DHE-RSA-AES128-GCM-SHA256',
      'DHE-RSA-AES256-GCM-SHA384',
      'DHE-RSA-CHACHA20-POLY1305',
    ].join(':')};`,
    'ssl_prefer_server_ciphers off;',
  ],
  old: [
    'ssl_protocols TLSv1 TLSv1.1 TLSv1.2 TLSv1.3;',
    `ssl_ciphers ${[
      'ECDHE-ECDSA-AES128-GCM-SHA256',
      'ECDHE-RSA-AES128-GCM-SHA256',
      'ECDHE-ECDSA-AES256-GCM-SHA384',
      'ECDHE-RSA-AES256-GCM-SHA384',
      'ECDHE-ECDSA-CHACHA20-POLY1305',
      'ECDHE-RSA-CHACHA20-POLY1305',
      'DHE-RSA-AES128-GCM-SHA256',
      'DHE-RSA-AES256-GCM-SHA384',
      'DHE-RSA-CHACHA20-POLY1305',
      'ECDHE-ECDSA-AES128-SHA256',
      'ECDHE-RSA-AES128-SHA256',
      'ECDHE-ECDSA-AES128-SHA',
      'ECDHE-RSA-AES128-SHA',
      'ECDHE-ECDSA-AES256-SHA384',
      'ECDHE-RSA-AES256-SHA384',
      'ECDHE-ECDSA-AES256-SHA',
      'ECDHE-RSA-AES256-SHA',
      'DHE-RSA-AES128-SHA256',
      'DHE-RSA-AES256-SHA256',
      'AES128-GCM-SHA256',
      'AES256-GCM-SHA384',
      'AES128-SHA256',
      'AES256-SHA256',
      'AES128-SHA',
      'AES256-SHA',
      'DES-CBC3-SHA',
      // OpenSSL 3 refuses TLS 1.0/1.1 and SHA-1 signatures at its default security level.
      '@SECLEVEL=0',
    ].join(':')};`,
    'ssl_prefer_server_ciphers on;',
  ],
}

/** Free loopback port (nginx is told the port; it cannot report one it picked). */
async function freePort(host: string): Promise<number> {
  const server = net.createServer()
  await new Promise<void>((resolve) => server.listen(0, host, resolve))
  const { port } = server.address() as net.AddressInfo
  await new Promise<void>((resolve) => server.close(() => resolve()))
  return port
}

const accepts = (host: string, port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = net.connect({ host, port })
    const done = (connected: boolean) => {
      socket.destroy()
      resolve(connected)
    }
    socket.setTimeout(1000)
    socket.once('connect', () => done(true))
    socket.once('error', () => done(false))
    socket.once('timeout', () => done(false))
  })

async function whenAccepting(child: ChildProcess, host: string, port: number, errorLog: string): Promise<void> {
  let exited: number | null | undefined
  child.once('exit', (code) => {
    exited = code
  })
  for (let attempt = 0; attempt < 200; attempt++) {
    if (exited !== undefined) {
      const log = spawnSync('cat', [errorLog]).stdout?.toString() ?? ''
      throw new Error(`nginx exited (${exited}) before listening: ${log.trim()}`)
    }
    if (await accepts(host, port)) return
    await sleep(50)
  }
  throw new Error(`nginx did not listen on ${host}:${port}`)
}

/** nginx serving `ok` over TLS on 127.0.0.1 with the given profile; `dhParams` for DHE suites. */
export async function startNginx(files: DaemonFiles, profile: MozillaProfile, dhParams?: string): Promise<TlsDaemon> {
  if (!NGINX) throw new Error('nginx is not installed (Debian package nginx-light)')
  const host = '127.0.0.1'
  const port = await freePort(host)
  const prefix = await mkdtemp(join(tmpdir(), `nginx-${profile}-`))
  const errorLog = join(prefix, 'error.log')
  const temp = (name: string) => `${name} ${join(prefix, name.replace(/_path$/, ''))};`
  const config = [
    'daemon off;',
    'worker_processes 1;',
    `pid ${join(prefix, 'nginx.pid')};`,
    `error_log ${errorLog} warn;`,
    'events { worker_connections 64; }',
    'http {',
    '  access_log off;',
    ...['client_body_temp_path', 'proxy_temp_path', 'fastcgi_temp_path', 'uwsgi_temp_path', 'scgi_temp_path'].map(
      (name) => `  ${temp(name)}`,
    ),
    '  server {',
    `    listen ${host}:${port} ssl;`,
    `    ssl_certificate ${files.cert};`,
    `    ssl_certificate_key ${files.key};`,
    '    ssl_session_tickets off;',
    ...(dhParams && profile !== 'modern' ? [`    ssl_dhparam ${dhParams};`] : []),
    ...PROFILES[profile].map((line) => `    ${line}`),
    '    location / { return 200 "ok\\n"; }',
    '  }',
    '}',
  ].join('\n')
  const configFile = join(prefix, 'nginx.conf')
  await writeFile(configFile, `${config}\n`)
  const child = spawn(NGINX, ['-p', prefix, '-c', configFile, '-e', errorLog], { stdio: ['ignore', 'pipe', 'pipe'] })
  child.stdout?.resume()
  child.stderr?.resume()
  try {
    await whenAccepting(child, host, port, errorLog)
  } catch (error) {
    child.kill()
    await rm(prefix, { recursive: true, force: true })
    throw error
  }
  return {
    host,
    port,
    stop: async () => {
      if (child.exitCode === null) {
        await new Promise<void>((resolve) => {
          child.once('exit', () => resolve())
          child.kill()
        })
      }
      await rm(prefix, { recursive: true, force: true })
    },
  }
}
