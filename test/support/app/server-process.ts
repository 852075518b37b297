// The real server (`node src/server/server.ts`) as a child process on a loopback port, for tests
// that kill it, restart it, or watch it survive its database going away.
import { type ChildProcess, spawn } from 'node:child_process'
import { readdir, readFile, readlink } from 'node:fs/promises'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { freePort } from '../net/ports.ts'
import { GENEROUS_LIMITS } from './app.ts'
import { sharedNodeSettings } from './child-env.ts'

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..')

export interface ServerProcess {
  /** http://127.0.0.1:PORT */
  url: string
  child: ChildProcess
  /** Resolves with the exit code or signal once the process has ended. */
  exited: Promise<string>
  /** Sends the signal and waits for the end; nothing when it has already ended. */
  kill(signal: NodeJS.Signals): Promise<string>
  /** What the process wrote to stdout and stderr so far (its log lines, with LOG_LEVEL set). */
  output(): string
}

/**
 * Whether process `pid` holds the listening TCP socket on 127.0.0.1:`port` (read from Linux's
 * /proc: the socket's inode in /proc/net/tcp among the process's open files). True where there is no
 * /proc to ask.
 */
export async function listensOn(pid: number, port: number): Promise<boolean> {
  const table = await readFile('/proc/net/tcp', 'utf8').catch(() => undefined)
  if (table === undefined) return true
  const local = `0100007F:${port.toString(16).toUpperCase().padStart(4, '0')}`
  const inodes = new Set(
    table
      .split('\n')
      .slice(1)
      .map((line) => line.trim().split(/\s+/))
      // Fields: sl, local address, remote address, state (0A: listening), …, inode (the tenth).
      .filter((fields) => fields[1] === local && fields[3] === '0A')
      .map((fields) => fields[9]),
  )
  for (const fd of await readdir(`/proc/${pid}/fd`).catch(() => [])) {
    const link = await readlink(`/proc/${pid}/fd/${fd}`).catch(() => '')
    const inode = /^socket:\[(\d+)\]$/.exec(link)?.[1]
    if (inode !== undefined && inodes.has(inode)) return true
  }
  return false
}

/**
 * Starts the server with only the given settings (never the calling environment's DATABASE_URL,
 * REDIS_URL...) and production's options, limits excepted, and waits until /healthz answers 200.
 *
 * The port is chosen free here and taken by the child seconds later: in between, another server of
 * the run (this file's or another worker's) may have been given the same port and taken it first.
 * Then the child cannot listen, and the answer to /healthz came from that other server: so the
 * answer only counts once the child itself holds the port, and a child that lost its port is
 * started again on another. `choosePort` is for the test of exactly that.
 */
export async function startServerProcess(
  env: Record<string, string>,
  { choosePort = () => freePort() }: { choosePort?: () => Promise<number> } = {},
): Promise<ServerProcess> {
  for (let attempt = 1; ; attempt++) {
    const started = await startOnce(env, await choosePort())
    if (started) return started
    if (attempt === 3)
      throw new Error('three ports in a row were taken by other servers before the server could listen')
  }
}

/** The server on `port`, or undefined when another process answered there instead (it is then stopped). */
async function startOnce(env: Record<string, string>, port: number): Promise<ServerProcess | undefined> {
  const url = `http://127.0.0.1:${port}`
  const child = spawn(process.execPath, [path.join(REPO_ROOT, 'src/server/server.ts')], {
    cwd: REPO_ROOT,
    env: {
      PATH: process.env.PATH ?? '/usr/bin:/bin',
      ...sharedNodeSettings(),
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: url,
      LOG_LEVEL: 'silent',
      WEB_DIST: path.join(REPO_ROOT, 'dist/no-web-bundle'),
      ...GENEROUS_LIMITS,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let stderr = ''
  let output = ''
  child.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString()
  })
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString()
    output += chunk.toString()
  })
  const exited = new Promise<string>((resolve) => {
    child.once('exit', (code, signal) => resolve(signal ?? `exit ${code}`))
  })
  const kill = async (signal: NodeJS.Signals) => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal)
    return exited
  }
  let ended: string | undefined
  void exited.then((how) => {
    ended = how
  })
  for (;;) {
    if (ended !== undefined) {
      // Another server took the port first.
      if (stderr.includes('EADDRINUSE')) return undefined
      throw new Error(`the server ended before it was ready (${ended}):\n${stderr}`)
    }
    const status = await fetch(`${url}/healthz`).then(
      (r) => r.status,
      () => 0,
    )
    if (status === 200) {
      if (child.pid !== undefined && (await listensOn(child.pid, port)))
        return { url, child, exited, kill, output: () => output }
      await kill('SIGKILL')
      return undefined
    }
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}
