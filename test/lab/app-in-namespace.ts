// Runs the real server (src/server/server.ts) inside the lab's client namespace (or another one), so
// every probe it sends starts there; the test reaches it through a Unix socket (SOCKET_PATH).
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { Lab, LabProcess } from './lab.ts'
import { REPO_ROOT } from './lab.ts'
import { requestOverSocket, type SocketResponse, type SseEvent } from './socket-client.ts'

export interface AppInNamespace {
  socketPath: string
  process: LabProcess
  request(method: string, urlPath: string, body?: unknown, headers?: Record<string, string>): Promise<SocketResponse>
  /** POST /api/tools/:id as JSON. */
  runTool(id: string, input: string, options?: object): Promise<SocketResponse>
  /** POST /api/tools/:id as an event stream; returns every event in arrival order. */
  streamTool(id: string, input: string, options?: object, onEvent?: (event: SseEvent) => void): Promise<SseEvent[]>
  stop(): Promise<void>
}

/**
 * Starts the server in `client` (or `namespace`) with the lab's resolver and ranges; `env` adds or
 * overrides settings.
 */
export async function startAppInNamespace<N extends string>(
  lab: Lab<N | 'client', string>,
  options: { dnsServers: string; env?: Record<string, string>; namespace?: N | 'client' },
): Promise<AppInNamespace> {
  const dir = await mkdtemp(path.join(tmpdir(), 'ntb-lab-app-'))
  const socketPath = path.join(dir, 'app.sock')
  const server = lab.spawnNode(options.namespace ?? 'client', path.join(REPO_ROOT, 'src/server/server.ts'), [], {
    env: {
      SOCKET_PATH: socketPath,
      // A throwaway SQLite file, whatever DATABASE_URL the calling environment has.
      DATABASE_URL: '',
      DATA_DIR: path.join(dir, 'data'),
      DNS_SERVERS: options.dnsServers,
      TARGET_ALLOW: lab.ranges.join(','),
      LOG_LEVEL: 'silent',
      WEB_DIST: path.join(REPO_ROOT, 'dist/web'),
      ...options.env,
    },
  })
  const request = (method: string, urlPath: string, body?: unknown, headers?: Record<string, string>) =>
    requestOverSocket(socketPath, { method, path: urlPath, body, headers })

  const stop = async () => {
    await server.stop()
    await rm(dir, { recursive: true, force: true })
  }
  try {
    await waitForHealth(request, server)
  } catch (error) {
    await stop()
    throw error
  }
  return {
    socketPath,
    process: server,
    request,
    runTool: (id, input, toolOptions) => request('POST', `/api/tools/${id}`, { input, options: toolOptions }),
    async streamTool(id, input, toolOptions, onEvent) {
      const events: SseEvent[] = []
      const res = await requestOverSocket(socketPath, {
        method: 'POST',
        path: `/api/tools/${id}`,
        body: { input, options: toolOptions },
        headers: { accept: 'text/event-stream' },
        onEvent: (event) => {
          events.push(event)
          onEvent?.(event)
        },
      })
      if (res.status !== 200) throw new Error(`event stream answered ${res.status}: ${res.text}`)
      return events
    },
    stop,
  }
}

/** Resolves once GET /healthz answers 200; rejects when the server exits first or after `timeoutMs`. */
export async function waitForHealth(
  request: AppInNamespace['request'],
  server: LabProcess,
  timeoutMs = 30_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    if (server.child.exitCode !== null) throw new Error(`the server exited: ${server.output()}`)
    try {
      if ((await request('GET', '/healthz')).status === 200) return
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100))
  }
  throw new Error(`the server did not become healthy: ${server.output()}`)
}
