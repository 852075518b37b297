// For files that compare timings (an answer that must take as long for a known address as for an
// unknown one, a throttle window of one second): while such a file runs, its test process runs ahead
// of the other files' processes in the scheduler (a lower nice value, which root may set), so the
// timings it compares are the app's and not the neighbours' contention. Outside root, nothing
// changes and the file runs as before.
//
// On Linux a nice value belongs to a thread, not to the process: setting it for the process id
// changes only the main thread. The work being timed often runs elsewhere — a password hash runs in
// libuv's thread pool — so every thread of the process is raised, and threads started later inherit
// the main thread's value.
import { readdirSync } from 'node:fs'
import { getPriority, setPriority } from 'node:os'

/** The ids of this process's threads (Linux), or just the process where that list is not readable. */
function threadIds(): number[] {
  try {
    return readdirSync('/proc/self/task').map(Number).filter(Number.isInteger)
  } catch {
    return [process.pid]
  }
}

/** Raises this process's priority, on all of its threads; the returned function puts each back. */
export function runAhead(niceness = -10): () => void {
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
