// The site as it runs in production behind a proxy: several server processes (src/server/server.ts)
// on their own loopback ports inside the `site` namespace, sharing Redis and PostgreSQL, and one
// TCP proxy (scripts/tcp-proxy.ts) that spreads connections to the site's address across them.
// The proxy also opens one Unix socket per process, the test's door to that process alone.
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { waitForHealth } from './app-in-namespace.ts'
import { type Lab, type LabProcess, REPO_ROOT } from './lab.ts'
import { requestOverSocket, type SocketResponse, type SseEvent } from './socket-client.ts'

const PROXY = path.join(REPO_ROOT, 'test/lab/scripts/tcp-proxy.ts')
const SERVER = path.join(REPO_ROOT, 'src/server/server.ts')

export interface SiteProcess {
  name: string
  /** Its port on the site namespace's loopback (8081, 8082, …). */
  port: number
  /** The Unix socket that reaches this process alone, from outside the namespace. */
  door: string
  process: LabProcess
  request(method: string, urlPath: string, body?: unknown, headers?: Record<string, string>): Promise<SocketResponse>
  /** GET as an event stream; resolves with every event once the stream ends. */
  stream(urlPath: string, onEvent?: (event: SseEvent) => void): Promise<SseEvent[]>
}

export interface Site {
  processes: SiteProcess[]
  proxy: LabProcess
  stop(): Promise<void>
}

export interface SiteOptions<N extends string> {
  namespace: N
  /** The site's public port on every address of the namespace. */
  port: number
  /** One entry per process: its name and settings (over the common ones). */
  processes: Array<{ name: string; env: Record<string, string> }>
  env: Record<string, string>
}

export async function startSite<N extends string>(lab: Lab<N, string>, options: SiteOptions<N>): Promise<Site> {
  const dir = await mkdtemp(path.join(tmpdir(), 'ntb-lab-site-'))
  const planned = options.processes.map((p, index) => ({
    ...p,
    port: 8081 + index,
    door: path.join(dir, `${p.name}.sock`),
  }))
  const routes = [
    `${options.port}=${planned.map((p) => p.port).join(',')}`,
    ...planned.map((p) => `${p.door}=${p.port}`),
  ]
  const proxy = lab.spawnNode(options.namespace, PROXY, routes)
  const servers: LabProcess[] = []
  const stop = async () => {
    await Promise.all([proxy.stop(), ...servers.map((s) => s.stop())])
    await rm(dir, { recursive: true, force: true })
  }
  try {
    await proxy.waitForOutput(/^READY/m)
    const processes = planned.map((p): SiteProcess => {
      const server = lab.spawnNode(options.namespace, SERVER, [], {
        env: {
          HOST: '127.0.0.1',
          PORT: String(p.port),
          DATA_DIR: path.join(dir, `${p.name}-data`),
          WEB_DIST: path.join(REPO_ROOT, 'dist/web'),
          ...options.env,
          ...p.env,
        },
      })
      servers.push(server)
      const request = (method: string, urlPath: string, body?: unknown, headers?: Record<string, string>) =>
        requestOverSocket(p.door, { method, path: urlPath, body, headers })
      return {
        name: p.name,
        port: p.port,
        door: p.door,
        process: server,
        request,
        async stream(urlPath, onEvent) {
          const events: SseEvent[] = []
          const res = await requestOverSocket(p.door, {
            method: 'GET',
            path: urlPath,
            headers: { accept: 'text/event-stream' },
            onEvent: (event) => {
              events.push(event)
              onEvent?.(event)
            },
          })
          if (res.status !== 200) throw new Error(`${urlPath} on ${p.name} answered ${res.status}: ${res.text}`)
          return events
        },
      }
    })
    // Two servers starting side by side on a shared two-core machine can take a while.
    await Promise.all(processes.map((p) => waitForHealth(p.request, p.process, 90_000)))
    return { processes, proxy, stop }
  } catch (error) {
    await stop()
    throw error
  }
}
