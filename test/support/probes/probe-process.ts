// A real probe (`node src/probe/main.ts`) as a child process, for tests that kill it, cut it off or
// revoke its token. Its JSON log lines are kept so a test can wait for one.
import { type ChildProcess, spawn } from 'node:child_process'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { sharedNodeSettings } from '../app/child-env.ts'

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..')

export interface ProbeProcess {
  child: ChildProcess
  /** The probe's log lines so far, parsed. */
  logs: Array<Record<string, unknown>>
  /** Resolves with the first log line (from now or earlier) whose msg is `message`. */
  waitForLog(message: string, timeoutMs?: number): Promise<Record<string, unknown>>
  /** Sends the signal and waits for the end; nothing when it has already ended. */
  kill(signal: NodeJS.Signals): Promise<void>
}

/** Starts a probe with only the given settings (and PATH) and waits until the site has accepted it. */
export async function startProbeProcess(
  env: Record<string, string>,
  { waitReady = true }: { waitReady?: boolean } = {},
): Promise<ProbeProcess> {
  const child = spawn(process.execPath, [path.join(REPO_ROOT, 'src/probe/main.ts')], {
    cwd: REPO_ROOT,
    env: { PATH: process.env.PATH ?? '/usr/bin:/bin', ...sharedNodeSettings(), PROBE_LOG_LEVEL: 'debug', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  const logs: Array<Record<string, unknown>> = []
  let stderr = ''
  let pending = ''
  const listeners = new Set<() => void>()
  child.stdout?.setEncoding('utf8')
  child.stdout?.on('data', (chunk: string) => {
    pending += chunk
    let end = pending.indexOf('\n')
    while (end !== -1) {
      const line = pending.slice(0, end)
      pending = pending.slice(end + 1)
      end = pending.indexOf('\n')
      try {
        logs.push(JSON.parse(line) as Record<string, unknown>)
      } catch {
        logs.push({ msg: line })
      }
      for (const listener of listeners) listener()
    }
  })
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString()
  })
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  let ended = false
  void exited.then(() => {
    ended = true
    for (const listener of listeners) listener()
  })
  const waitForLog = (message: string, timeoutMs = 15_000) =>
    new Promise<Record<string, unknown>>((resolve, reject) => {
      const check = () => {
        const found = logs.find((line) => line.msg === message)
        if (found) return done(() => resolve(found))
        if (ended) done(() => reject(new Error(`the probe ended before logging "${message}":\n${stderr}`)))
      }
      const timer = setTimeout(
        () => done(() => reject(new Error(`the probe did not log "${message}" within ${timeoutMs} ms:\n${stderr}`))),
        timeoutMs,
      )
      const done = (finish: () => void) => {
        clearTimeout(timer)
        listeners.delete(check)
        finish()
      }
      listeners.add(check)
      check()
    })
  const kill = async (signal: NodeJS.Signals) => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal)
    await exited
  }
  if (waitReady) {
    try {
      // A loaded machine takes a while to start Node and the engine: be patient, not flaky.
      await waitForLog('connected and ready', 60_000)
    } catch (error) {
      await kill('SIGKILL')
      throw error
    }
  }
  return { child, logs, waitForLog, kill }
}
