// Graceful shutdown of the real server process: a signed-in user's DNS lookup is held in flight by a
// DNS server on loopback that answers only when the test says so, and the process gets a real
// SIGTERM. Within the grace (SHUTDOWN_GRACE_SECONDS) the run finishes, its answer and history row are
// saved, new connections are refused meanwhile, and the process exits 0. With a grace shorter than
// the run, the forced exit is logged, the open answers say the server is restarting, and the exit
// code is 1.
import { mkdtemp, rm } from 'node:fs/promises'
import net from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { type HttpSession, signInOverHttp, signUpOverHttp } from '../support/app/http-session.ts'
import { type ServerProcess, startServerProcess } from '../support/app/server-process.ts'
import { startSlowDns } from '../support/dns/slow-dns.ts'

const PASSWORD = 'shutdown-secret-1'

/** Whether a new TCP connection to the server's port is refused. */
function connectionRefused(url: string): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(Number(new URL(url).port), '127.0.0.1')
    socket.once('connect', () => {
      socket.destroy()
      resolve(false)
    })
    socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code === 'ECONNREFUSED'))
  })
}

async function until(check: () => boolean | Promise<boolean>, what: string) {
  for (let i = 0; i < 400; i++) {
    if (await check()) return
    await new Promise((resolve) => setTimeout(resolve, 25))
  }
  throw new Error(`timed out waiting for ${what}`)
}

/** The pino log lines (JSON) the process wrote so far. */
function logLines(server: ServerProcess): Array<{ level: number; msg: string; [key: string]: unknown }> {
  return server
    .output()
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line))
}

describe('SIGTERM with runs in flight', () => {
  const cleanups: Array<() => Promise<unknown>> = []
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
  })

  async function setUp(graceSeconds: number) {
    const dns = await startSlowDns()
    cleanups.push(() => dns.stop())
    const dataDir = await mkdtemp(path.join(tmpdir(), 'nettoolbox-shutdown-'))
    cleanups.push(() => rm(dataDir, { recursive: true, force: true }))
    const env = {
      DATA_DIR: dataDir,
      DNS_SERVERS: dns.endpoint,
      TARGET_ALLOW: '127.0.0.0/8',
      LOG_LEVEL: 'info',
      SHUTDOWN_GRACE_SECONDS: String(graceSeconds),
    }
    const server = await startServerProcess(env)
    cleanups.push(() => server.kill('SIGKILL'))
    const session = await signUpOverHttp(server.url, dataDir, 'ada@example.test', PASSWORD)
    return { dns, env, server, session }
  }

  const lookUp = (session: HttpSession, input: string, stream = false) =>
    session.request('POST', '/api/tools/dns', { input }, stream ? { accept: 'text/event-stream' } : undefined)

  it('lets the run finish and save, refuses new connections meanwhile, and exits 0', async () => {
    const { dns, env, server, session } = await setUp(60)
    const inFlight = lookUp(session, 'slow.shutdown.test')
    await dns.queried
    server.child.kill('SIGTERM')
    await until(() => logLines(server).some((line) => line.msg.startsWith('shutting down')), 'the shutdown to begin')
    await until(() => connectionRefused(server.url), 'new connections to be refused')
    // Still running: the process waits for the run in flight.
    expect(server.child.exitCode).toBeNull()

    dns.answer()
    const response = await inFlight
    expect(response.status).toBe(200)
    const answer = (await response.json()) as { status: string; saved?: boolean; lines: string[] }
    expect(answer.status).toBe('ok')
    expect(answer.saved).toBe(true)
    expect(answer.lines.join('\n')).toContain('198.51.100.7')
    expect(await server.exited).toBe('exit 0')
    expect(logLines(server).map((line) => line.msg)).toContain('shut down cleanly')
    expect(server.output()).not.toContain('forced exit')

    // The history row survived the restart.
    const restarted = await startServerProcess(env)
    cleanups.push(() => restarted.kill('SIGKILL'))
    const again = await signInOverHttp(restarted.url, 'ada@example.test', PASSWORD)
    const history = await again.json<{ items: Array<{ toolName: string; inputValue: string }> }>('GET', '/api/history')
    expect(history.status).toBe(200)
    expect(history.body.items.map((item) => item.inputValue)).toEqual(['slow.shutdown.test'])
  }, 120_000)

  it('logs a forced exit and tells the open answers the server is restarting when the grace is shorter than the run', async () => {
    const { dns, server, session } = await setUp(1)
    const plain = lookUp(session, 'held.shutdown.test')
    const streamed = lookUp(session, 'streamed.shutdown.test', true)
    await until(
      () => ['held.shutdown.test', 'streamed.shutdown.test'].every((name) => dns.names.includes(name)),
      'both runs to start',
    )
    server.child.kill('SIGTERM')

    const response = await plain
    expect(response.status).toBe(503)
    expect(await response.json()).toEqual({
      error: {
        type: 'server_restarting',
        message: 'The server is restarting and could not finish this in time. Try again in a moment.',
      },
    })
    const events = await (await streamed).text()
    expect(events).toContain(
      'event: error\ndata: {"error":{"type":"server_restarting","message":"The server is restarting and could not finish this in time. Try again in a moment."}}',
    )
    expect(events).not.toContain('event: result')
    expect(await server.exited).toBe('exit 1')
    const forced = logLines(server).find((line) => line.msg.startsWith('forced exit'))
    expect(forced).toMatchObject({
      level: 50,
      signal: 'SIGTERM',
      graceSeconds: 1,
      msg: 'forced exit: answers still in progress 1 s after SIGTERM (SHUTDOWN_GRACE_SECONDS)',
    })
  }, 120_000)
})
