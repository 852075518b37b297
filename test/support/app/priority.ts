// For files that compare timings (an answer that must take as long for a known address as for an
// unknown one, a throttle window of one second) or measure rates (the lab's speed test): while such
// a file runs, its test process and everything it starts (the site, Chromium) run ahead of the other
// files' processes in the kernel's scheduler, so the timings it compares are the app's and not the
// neighbours' contention. Outside root, nothing changes and the file runs as before.
//
// Two means, both applied:
// - A CPU control group with ten times the default share (cgroup v1's cpu controller, where the
//   machine mounts it writable): the share covers every thread of every process in the group, and
//   processes started from the file join it. Nice values alone do not: Chromium sets its own
//   threads' nice values (0 for its thread pool, which carries the network transfers), so a browser
//   started at nice -10 still moved its downloads at the neighbours' priority.
// - A lower nice value for every thread of the test process (on Linux a nice value is a thread's,
//   and a password hash runs in libuv's thread pool, not on the main thread); threads and processes
//   started later inherit the main thread's value.
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { getPriority, setPriority } from 'node:os'
import path from 'node:path'

const CPU_CONTROLLER = '/sys/fs/cgroup/cpu'
/** One group shared by every file that runs ahead, kept between runs (an empty directory). */
const AHEAD_GROUP = 'nettoolbox-tests-ahead'
const AHEAD_SHARES = 10 * 1024

/** The ids of this process's threads (Linux), or just the process where that list is not readable. */
function threadIds(): number[] {
  try {
    return readdirSync('/proc/self/task').map(Number).filter(Number.isInteger)
  } catch {
    return [process.pid]
  }
}

/** This process's group in cgroup v1's cpu controller ("/" for the root), if it has one. */
function currentCpuGroup(): string | undefined {
  try {
    for (const line of readFileSync('/proc/self/cgroup', 'utf8').split('\n')) {
      const [, controllers, group] = line.split(':')
      if (group !== undefined && controllers?.split(',').includes('cpu')) return group
    }
  } catch {}
  return undefined
}

/** Moves this process into the ahead group; returns what moves it back, or undefined if it cannot. */
function joinAheadGroup(): (() => void) | undefined {
  const before = currentCpuGroup()
  if (before === undefined) return undefined
  try {
    const dir = path.join(CPU_CONTROLLER, AHEAD_GROUP)
    mkdirSync(dir, { recursive: true })
    writeFileSync(path.join(dir, 'cpu.shares'), String(AHEAD_SHARES))
    writeFileSync(path.join(dir, 'cgroup.procs'), String(process.pid))
  } catch {
    return undefined
  }
  return () => {
    try {
      writeFileSync(path.join(CPU_CONTROLLER, before, 'cgroup.procs'), String(process.pid))
    } catch {}
  }
}

function raiseThreads(niceness: number): () => void {
  const before = new Map<number, number>()
  for (const id of threadIds()) {
    try {
      before.set(id, getPriority(id))
      setPriority(id, niceness)
    } catch {
      // Not allowed (not root), or the thread has ended: it keeps its value.
    }
  }
  return () => {
    const main = before.get(process.pid) ?? 0
    // Threads started while raised inherited the raised value: they go back to the main thread's.
    for (const id of threadIds()) {
      try {
        setPriority(id, before.get(id) ?? main)
      } catch {
        // The thread has ended.
      }
    }
  }
}

/** Runs this process (and what it starts from now on) ahead; the returned function puts it back. */
export function runAhead(niceness = -10): () => void {
  const leaveGroup = joinAheadGroup()
  const lowerThreads = raiseThreads(niceness)
  return () => {
    lowerThreads()
    leaveGroup?.()
  }
}
