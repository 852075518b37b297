// Module wrappers for vi.mock factories in the security tests.
// - The egress fence: the target policy still decides, but an address outside loopback is never
//   allowed (and is logged), so no test here can send a packet beyond this machine whatever a
//   tool does with its input.
// - The spawn recorder: every launch of a tool's binary (ping, mtr) is logged with its arguments,
//   and in fake mode replaced by a process that exits at once.
import type * as ChildProcess from 'node:child_process'
import path from 'node:path'
import ipaddr from 'ipaddr.js'
import type * as Policy from '../../../src/diagnostics/net/policy.ts'

export interface FenceLog {
  /** Addresses the real policy allowed outside loopback (denied by the fence instead). */
  breaches: string[]
}

export const FENCE_RANGE = 'outside loopback (test egress fence)'

function isLoopback(address: string): boolean {
  try {
    return ipaddr.process(address).range() === 'loopback'
  } catch {
    return false
  }
}

export function fencePolicyModule(original: typeof Policy, log: FenceLog): typeof Policy {
  return {
    ...original,
    createTargetPolicy(options) {
      const policy = original.createTargetPolicy(options)
      return {
        ...policy,
        check(address) {
          const decision = policy.check(address)
          if (!decision.allowed || isLoopback(decision.address)) return decision
          log.breaches.push(decision.address)
          return { address: decision.address, allowed: false, range: FENCE_RANGE }
        },
      }
    },
  }
}

export const TOOL_BINARIES = new Set(['ping', 'mtr'])

export interface SpawnLog {
  calls: { file: string; args: string[] }[]
  /** Replace tool binaries by /bin/true (nothing is sent, the tool reads empty output). */
  fake: boolean
}

export function recordSpawnsModule(original: typeof ChildProcess, log: SpawnLog): typeof ChildProcess {
  const spawn = ((file: string, args?: readonly string[], options?: ChildProcess.SpawnOptions) => {
    if (!TOOL_BINARIES.has(path.basename(file))) return original.spawn(file, args ?? [], options ?? {})
    log.calls.push({ file, args: [...(args ?? [])] })
    return log.fake ? original.spawn('true', [], options ?? {}) : original.spawn(file, args ?? [], options ?? {})
  }) as typeof original.spawn
  return { ...original, spawn }
}
