// Long-running processes inside a lab namespace (peers, the app under test), with their output kept.
import { type ChildProcess, spawn } from 'node:child_process'

export interface LabProcess {
  child: ChildProcess
  pid: number
  /** Everything written to stdout and stderr so far. */
  output(): string
  /** Resolves with the output once it matches; rejects when the process exits first or on timeout. */
  waitForOutput(pattern: RegExp, timeoutMs?: number): Promise<string>
  /** SIGTERM, then SIGKILL after a grace period; resolves once the process has exited. */
  stop(graceMs?: number): Promise<void>
}

export interface SpawnOptions {
  env?: Record<string, string>
  cwd?: string
}

export function spawnInNamespace(
  ipBinary: string,
  ns: string,
  file: string,
  args: string[],
  options: SpawnOptions = {},
): LabProcess {
  const child = spawn(ipBinary, ['netns', 'exec', ns, file, ...args], {
    cwd: options.cwd,
    env: options.env ? { ...process.env, ...options.env } : process.env,
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  const listeners = new Set<() => void>()
  const collect = (chunk: Buffer) => {
    output += chunk.toString('utf8')
    for (const notify of listeners) notify()
  }
  child.stdout?.on('data', collect)
  child.stderr?.on('data', collect)
  const exited = new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve()
    child.once('exit', () => resolve())
    child.once('error', (error) => {
      output += `\n[spawn error] ${error.message}`
      resolve()
    })
  })
  exited.then(() => {
    for (const notify of listeners) notify()
  })
  const isRunning = () => child.exitCode === null && child.signalCode === null && child.pid !== undefined

  return {
    child,
    pid: child.pid ?? -1,
    output: () => output,
    waitForOutput(pattern, timeoutMs = 15_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          if (pattern.test(output)) finish(null)
          else if (!isRunning()) finish(new Error(`${file} exited before printing ${pattern}:\n${output}`))
        }
        const finish = (error: Error | null) => {
          clearTimeout(timer)
          listeners.delete(check)
          if (error) reject(error)
          else resolve(output)
        }
        const timer = setTimeout(
          () => finish(new Error(`${file} did not print ${pattern} in ${timeoutMs} ms:\n${output}`)),
          timeoutMs,
        )
        listeners.add(check)
        check()
      })
    },
    async stop(graceMs = 3000) {
      if (!isRunning()) return
      child.kill('SIGTERM')
      const timer = setTimeout(() => {
        if (isRunning()) child.kill('SIGKILL')
      }, graceMs)
      await exited
      clearTimeout(timer)
    },
  }
}
