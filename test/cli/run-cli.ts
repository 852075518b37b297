// Runs the real `nettoolbox` command (cli/src/main.ts) as a child process and collects what it
// printed, chunk by chunk, with its exit code.
import { spawn } from 'node:child_process'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { sharedNodeSettings } from '../support/app/child-env.ts'

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')
export const CLI_MAIN = path.join(REPO_ROOT, 'cli/src/main.ts')

export interface CliRun {
  code: number | null
  stdout: string
  stderr: string
  /** stdout as the chunks arrived: shows what was printed before the run ended. */
  chunks: string[]
}

export interface CliRunOptions {
  /** The whole environment of the child besides PATH (never the caller's NETTOOLBOX_*). */
  env?: Record<string, string>
  /** Another command line than `node cli/src/main.ts`, e.g. ['npx', 'nettoolbox']. */
  command?: string[]
}

export function runCli(args: string[], options: CliRunOptions = {}): Promise<CliRun> {
  const [file, ...prefix] = options.command ?? [process.execPath, CLI_MAIN]
  const child = spawn(file as string, [...prefix, ...args], {
    cwd: REPO_ROOT,
    env: {
      PATH: process.env.PATH ?? '/usr/bin:/bin',
      HOME: process.env.HOME ?? '/tmp',
      ...sharedNodeSettings(),
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  const chunks: string[] = []
  let stderr = ''
  child.stdout.on('data', (chunk: Buffer) => chunks.push(chunk.toString()))
  child.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk.toString()
  })
  return new Promise((resolve, reject) => {
    child.once('error', reject)
    child.once('close', (code) => resolve({ code, stdout: chunks.join(''), stderr, chunks }))
  })
}

/** Runs with `--server url` in front of the arguments. */
export const cliAt = (url: string) => (args: string[], options?: CliRunOptions) =>
  runCli(['--server', url, ...args], options)
