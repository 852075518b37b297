// The lab (docs/architecture.md, The lab): namespaces client — r1 — r2 — srv joined by veth pairs, so real
// diagnostics run against real peers with no internet. All lab traffic starts inside a namespace.
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import {
  BASE_PLAN,
  LAB_ADDRESSES,
  LAB_RANGES,
  type LabAddresses,
  type LabLink,
  type LabNamespace,
  type LabPlan,
} from './address-plan.ts'
import { type LabProcess, type SpawnOptions, spawnInNamespace } from './lab-process.ts'
import {
  deleteNamespace,
  deleteNamespacesSync,
  IP_BINARY,
  inNamespace,
  namespacePids,
  removeStaleNamespaces,
} from './namespaces.ts'
import { buildTopology } from './topology.ts'

export type { LabAddresses, LabLink, LabNamespace, LabProcess }

/** The repository root: lab scripts and the app run with it as working directory. */
export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')

export interface ShapeOptions {
  /** Token bucket size (tc syntax), default "64kb". */
  burst?: string
  /** Longest a packet may wait in the queue (tc syntax), default "50ms". */
  latency?: string
  /**
   * Which end's sending queue is shaped: both (default), or only the plan's `a` or `b` end. A
   * router's end is where an access link's queue builds in the field; a host's own end is not the
   * same: its TCP stack keeps its own sockets' data in the local queue small (TCP small queues).
   */
  ends?: 'both' | 'a' | 'b'
}

/** A built lab; N and L are its plan's namespaces and links (the base lab's unless a plan is given). */
export interface Lab<N extends string = LabNamespace, L extends string = LabLink> {
  /** Namespace name prefix, e.g. "ntb-12345". */
  prefix: string
  /** Real namespace names, e.g. { client: "ntb-12345-client", ... }. */
  names: Record<N, string>
  addresses: LabAddresses
  /** CIDRs to put in TARGET_ALLOW. */
  ranges: string[]
  /** Runs a binary inside a namespace (execFile: no shell) and returns its stdout. */
  exec(ns: N, file: string, args: string[], timeoutMs?: number): Promise<string>
  /** Starts a long-running process inside a namespace; lab.stop() ends it. */
  spawn(ns: N, file: string, args: string[], options?: SpawnOptions): LabProcess
  /** Starts a Node.js script (TypeScript allowed) inside a namespace, with the repository root as cwd. */
  spawnNode(ns: N, script: string, args?: string[], options?: SpawnOptions): LabProcess
  /** Runs a Node.js script inside a namespace to completion and returns its stdout. */
  execNode(ns: N, script: string, args?: string[], timeoutMs?: number): Promise<string>
  /** Limits both directions of a link to `rate` (tc tbf syntax, e.g. "20mbit"); null removes the limit. */
  shape(link: L, rate: string | null, options?: ShapeOptions): Promise<void>
  stop(): Promise<void>
}

export interface StartLabOptions {
  /** Owner part of the namespace names (default: this process id). */
  owner?: string
  /** Keep the namespaces when this process exits (hand-run labs: test/lab/up.ts). */
  persistent?: boolean
}

export function labSupportNotice(): string | null {
  if (process.platform !== 'linux') return 'the lab needs Linux network namespaces'
  if (process.getuid?.() !== 0) return 'the lab needs root (network namespaces)'
  if (!IP_BINARY) return 'the lab needs iproute2 (ip)'
  return null
}

/**
 * The one decision whether lab tests run here: Linux, root, iproute2, and whatever else the suite
 * needs (e.g. `{ openssl: opensslAvailable }`). When they cannot, it prints one notice and answers
 * false, and the suite's tests skip — except in CI (CI=true), where every lab test must run: there
 * it throws, so the suite fails and says what the machine lacks.
 */
export function labCanRun(suite: string, needs: Record<string, boolean> = {}): boolean {
  const missing = [labSupportNotice(), ...Object.entries(needs).map(([what, ok]) => (ok ? null : `needs ${what}`))]
  const reasons = missing.filter((reason): reason is string => reason !== null)
  if (reasons.length === 0) return true
  const notice = `${suite}: ${reasons.join('; ')}`
  if (process.env.CI === 'true') throw new Error(`${notice}. In CI every lab test must run.`)
  console.warn(`SKIPPED: ${notice}; lab tests do not run`)
  return false
}

/**
 * Builds the lab (the base plan, or `plan`), or returns null after labCanRun()'s notice when this
 * machine cannot.
 */
export function startLab(options?: StartLabOptions): Promise<Lab | null>
export function startLab<N extends string, L extends string>(
  options: StartLabOptions & { plan: LabPlan<N, L> },
): Promise<Lab<N, L> | null>
export async function startLab(
  options: StartLabOptions & { plan?: LabPlan<string, string> } = {},
): Promise<Lab<string, string> | null> {
  if (!labCanRun('the lab') || !IP_BINARY) return null
  const ipBinary = IP_BINARY
  const plan: LabPlan<string, string> = options.plan ?? BASE_PLAN
  const owner = options.owner ?? String(process.pid)
  const prefix = `ntb-${owner}`
  const names: Record<string, string> = Object.fromEntries(plan.namespaces.map((role) => [role, `${prefix}-${role}`]))
  const nameOf = (role: string): string => {
    const name = names[role]
    if (!name) throw new Error(`this lab has no namespace ${role}`)
    return name
  }
  const processes = new Set<LabProcess>()
  let stopped = false

  const removeOnExit = () => {
    for (const p of processes) p.child.kill('SIGKILL')
    deleteNamespacesSync(Object.values(names))
  }
  const stop = async () => {
    if (stopped) return
    stopped = true
    process.off('exit', removeOnExit)
    await Promise.all([...processes].map((p) => p.stop()))
    await Promise.all(
      Object.values(names).map(async (ns) => {
        // Anything still running in our namespaces was started by this lab (e.g. a peer's children).
        for (const pid of await namespacePids(ns)) {
          try {
            process.kill(pid, 'SIGKILL')
          } catch {
            // already gone
          }
        }
        await deleteNamespace(ns)
      }),
    )
  }

  const track = (p: LabProcess) => {
    processes.add(p)
    p.child.once('exit', () => processes.delete(p))
    return p
  }

  await removeStaleNamespaces(owner)
  if (!options.persistent) process.once('exit', removeOnExit)
  try {
    await buildTopology(names, plan, {
      async startScript(ns, script, args) {
        const started = track(spawnInNamespace(ipBinary, ns, process.execPath, [script, ...args], { cwd: REPO_ROOT }))
        await started.waitForOutput(/^READY/m)
      },
    })
  } catch (error) {
    await stop()
    throw error
  }
  const lab: Lab<string, string> = {
    prefix,
    names,
    addresses: LAB_ADDRESSES,
    ranges: LAB_RANGES,
    exec: (ns, file, args, timeoutMs) => inNamespace(nameOf(ns), file, args, timeoutMs),
    spawn: (ns, file, args, spawnOptions) => track(spawnInNamespace(ipBinary, nameOf(ns), file, args, spawnOptions)),
    spawnNode: (ns, script, args = [], spawnOptions = {}) =>
      track(
        spawnInNamespace(ipBinary, nameOf(ns), process.execPath, [script, ...args], {
          cwd: REPO_ROOT,
          ...spawnOptions,
        }),
      ),
    execNode: (ns, script, args = [], timeoutMs) =>
      inNamespace(nameOf(ns), process.execPath, [script, ...args], timeoutMs),
    async shape(link, rate, shapeOptions = {}) {
      const planned = plan.links.find((l) => l.name === link)
      if (!planned) throw new Error(`unknown lab link ${link}`)
      const { ends = 'both' } = shapeOptions
      for (const end of ends === 'a' ? [planned.a] : ends === 'b' ? [planned.b] : [planned.a, planned.b]) {
        const ns = nameOf(end.ns)
        if (rate === null) {
          await inNamespace(ns, 'tc', ['qdisc', 'del', 'dev', end.ifname, 'root']).catch(() => undefined)
          continue
        }
        const { burst = '64kb', latency = '50ms' } = shapeOptions
        await inNamespace(ns, 'tc', [
          'qdisc',
          'replace',
          'dev',
          end.ifname,
          'root',
          'tbf',
          'rate',
          rate,
          'burst',
          burst,
          'latency',
          latency,
        ])
      }
    },
    stop,
  }
  return lab
}
