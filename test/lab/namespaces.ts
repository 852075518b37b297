// Low-level namespace plumbing for the lab: `ip`, `tc` and `sysctl` run with argument arrays,
// only ever on namespaces this code names (never the host's own interfaces or routes).
import { execFile, execFileSync } from 'node:child_process'
import { existsSync, rmSync } from 'node:fs'
import { mkdir, readdir, rm, rmdir, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { promisify } from 'node:util'
import { processAlive } from '../support/app/process-alive.ts'

const execFileAsync = promisify(execFile)

export const IP_BINARY = ['/usr/sbin/ip', '/sbin/ip', '/usr/bin/ip', '/bin/ip'].find((p) => existsSync(p))

/** Where `ip netns exec` looks for per-namespace files such as resolv.conf. */
const NETNS_ETC = '/etc/netns'

/**
 * Every lab namespace is named `ntb-<owner>-<role>`; the owner is a process id or a fixed name, the
 * role one of its plan's namespaces (client, r1, …, far-r3).
 */
export const NAME_PATTERN = /^ntb-([a-z0-9]+)-([a-z0-9]+(?:-[a-z0-9]+)*)$/

export async function run(file: string, args: string[], timeoutMs = 15_000): Promise<string> {
  try {
    const { stdout } = await execFileAsync(file, args, { timeout: timeoutMs, maxBuffer: 4 * 1024 * 1024 })
    return stdout
  } catch (error) {
    const stderr = String((error as { stderr?: unknown }).stderr ?? '').trim()
    throw new Error(`${file} ${args.join(' ')} failed${stderr ? `: ${stderr}` : ''}`, { cause: error })
  }
}

/**
 * Runs many commands in one process: `ip -batch -` (or `tc`), inside `ns` when given. Each line is
 * one command without the program name, e.g. "addr add 10.1.0.1/24 dev eth0"; the first failing
 * line stops the batch and is named in the error.
 */
export async function runBatch(program: 'ip' | 'tc', ns: string | null, lines: string[]): Promise<void> {
  if (lines.length === 0) return
  const file = program === 'ip' ? IP_BINARY : 'tc'
  if (!file) throw new Error('iproute2 (ip) is not installed')
  const args = [...(ns ? ['-n', ns] : []), '-batch', '-']
  const running = execFileAsync(file, args, { timeout: 30_000 })
  running.child.stdin?.end(`${lines.join('\n')}\n`)
  try {
    await running
  } catch (error) {
    const stderr = String((error as { stderr?: unknown }).stderr ?? '').trim()
    throw new Error(`${program} batch${ns ? ` in ${ns}` : ''} failed: ${stderr}\n${lines.join('\n')}`, {
      cause: error,
    })
  }
}

export function ip(args: string[]): Promise<string> {
  if (!IP_BINARY) throw new Error('iproute2 (ip) is not installed')
  return run(IP_BINARY, args)
}

/** Runs a binary inside a namespace. */
export function inNamespace(ns: string, file: string, args: string[], timeoutMs?: number): Promise<string> {
  if (!IP_BINARY) throw new Error('iproute2 (ip) is not installed')
  return run(IP_BINARY, ['netns', 'exec', ns, file, ...args], timeoutMs)
}

export async function listNamespaces(): Promise<string[]> {
  const out = await ip(['netns', 'list'])
  return out
    .split('\n')
    .map((line) => line.split(' ')[0] ?? '')
    .filter(Boolean)
}

/** A resolv.conf seen only inside the namespace, so name lookups there stay in the lab. */
export async function writeNamespaceResolvConf(ns: string, nameserver: string): Promise<void> {
  const dir = path.join(NETNS_ETC, ns)
  await mkdir(dir, { recursive: true })
  await writeFile(path.join(dir, 'resolv.conf'), `nameserver ${nameserver}\noptions timeout:1 attempts:1\n`)
}

async function removeNamespaceEtc(ns: string): Promise<void> {
  await rm(path.join(NETNS_ETC, ns), { recursive: true, force: true })
  try {
    if ((await readdir(NETNS_ETC)).length === 0) await rmdir(NETNS_ETC)
  } catch {
    // absent or shared with other namespaces: leave it
  }
}

/** Process ids still running inside a namespace. */
export async function namespacePids(ns: string): Promise<number[]> {
  try {
    const out = await ip(['netns', 'pids', ns])
    return out
      .split('\n')
      .map(Number)
      .filter((n) => Number.isInteger(n) && n > 0)
  } catch {
    return []
  }
}

export async function deleteNamespace(ns: string): Promise<void> {
  try {
    await ip(['netns', 'del', ns])
  } catch {
    // already gone
  }
  await removeNamespaceEtc(ns)
}

/** Last-resort synchronous removal, for process exit. */
export function deleteNamespacesSync(names: string[]): void {
  if (!IP_BINARY) return
  for (const ns of names) {
    try {
      execFileSync(IP_BINARY, ['netns', 'del', ns], { stdio: 'ignore', timeout: 5000 })
    } catch {
      // already gone
    }
    rmSync(path.join(NETNS_ETC, ns), { recursive: true, force: true })
  }
}

/**
 * Removes lab namespaces left behind by earlier runs: those of `owner` (this run's own prefix,
 * e.g. a recycled pid) and those whose owning process id is no longer alive.
 */
export async function removeStaleNamespaces(owner: string): Promise<string[]> {
  const stale = (await listNamespaces()).filter((name) => {
    const match = NAME_PATTERN.exec(name)
    if (!match?.[1]) return false
    if (match[1] === owner) return true
    return /^\d+$/.test(match[1]) && !processAlive(Number(match[1]))
  })
  for (const name of stale) await deleteNamespace(name)
  return stale
}
