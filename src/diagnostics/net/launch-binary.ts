// Runs a system binary (ping, mtr) with an argument array — never a shell — under a hard timeout,
// handing each output line to the caller as it arrives.
import { spawn } from 'node:child_process'

export interface LaunchOptions {
  signal: AbortSignal
  /** The process is killed after this long, whatever it is doing. */
  timeoutMs: number
  onLine?: (line: string, stream: 'stdout' | 'stderr') => void
}

export interface LaunchResult {
  exitCode: number | null
  stdout: string
  stderr: string
  /** Killed by the hard timeout or the abort signal. */
  killed: boolean
}

/** Injectable in tests: records calls or replays captured output. */
export type Launcher = (file: string, args: readonly string[], options: LaunchOptions) => Promise<LaunchResult>

/** The binary is not installed (ENOENT). */
export class BinaryMissingError extends Error {}

const MAX_OUTPUT = 1024 * 1024
const KILL_GRACE_MS = 1000

function lineSplitter(emit: (line: string) => void) {
  let pending = ''
  return {
    push(chunk: string) {
      pending += chunk
      let end = pending.indexOf('\n')
      while (end !== -1) {
        emit(pending.slice(0, end).replace(/\r$/, ''))
        pending = pending.slice(end + 1)
        end = pending.indexOf('\n')
      }
    },
    flush() {
      if (pending !== '') emit(pending)
      pending = ''
    },
  }
}

export const launchBinary: Launcher = (file, args, options) =>
  new Promise((resolve, reject) => {
    if (options.signal.aborted) {
      resolve({ exitCode: null, stdout: '', stderr: '', killed: true })
      return
    }
    const child = spawn(file, [...args], { shell: false, stdio: ['ignore', 'pipe', 'pipe'] })
    const output = { stdout: '', stderr: '' }
    let killed = false
    const splitters = (['stdout', 'stderr'] as const).map((stream) => {
      const splitter = lineSplitter((line) => options.onLine?.(line, stream))
      child[stream].setEncoding('utf8')
      child[stream].on('data', (chunk: string) => {
        if (output[stream].length + chunk.length > MAX_OUTPUT) return kill()
        output[stream] += chunk
        splitter.push(chunk)
      })
      return splitter
    })
    let graceTimer: NodeJS.Timeout | undefined
    function kill() {
      if (killed) return
      killed = true
      child.kill('SIGTERM')
      graceTimer = setTimeout(() => child.kill('SIGKILL'), KILL_GRACE_MS)
    }
    const timer = setTimeout(kill, options.timeoutMs)
    options.signal.addEventListener('abort', kill, { once: true })
    const cleanUp = () => {
      clearTimeout(timer)
      clearTimeout(graceTimer)
      options.signal.removeEventListener('abort', kill)
    }
    child.once('error', (error: NodeJS.ErrnoException) => {
      cleanUp()
      if (error.code === 'ENOENT') reject(new BinaryMissingError(`${file} is not installed`, { cause: error }))
      else reject(new Error(`could not run ${file}`, { cause: error }))
    })
    child.once('close', (exitCode) => {
      cleanUp()
      for (const splitter of splitters) splitter.flush()
      resolve({ exitCode, stdout: output.stdout, stderr: output.stderr, killed })
    })
  })
