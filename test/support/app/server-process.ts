// The real server (`node src/server/server.ts`) as a child process on a loopback port, for tests
// that kill it, restart it, or watch it survive its database going away.
import { type ChildProcess, spawn } from 'node:child_process'
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
 * Starts the server with only the given settings (never the calling environment's DATABASE_URL,
 * REDIS_URL...) and production's options, limits excepted, and waits until /healthz answers 200.
 */
export async function startServerProcess(env: Record<string, string>): Promise<ServerProcess> {
  const port = await freePort()
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
    if (ended !== undefined) throw new Error(`the server ended before it was ready (${ended}):\n${stderr}`)
    const status = await fetch(`${url}/healthz`).then(
      (r) => r.status,
      () => 0,
    )
    if (status === 200) return { url, child, exited, kill, output: () => output }
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}
