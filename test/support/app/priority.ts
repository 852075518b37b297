// For files that compare timings (an answer that must take as long for a known address as for an
// unknown one, a throttle window of one second): while such a file runs, its test process runs ahead
// of the other files' processes in the scheduler (a lower nice value, which root may set), so the
// timings it compares are the app's and not the neighbours' contention. Outside root, nothing
// changes and the file runs as before.
import { getPriority, setPriority } from 'node:os'

/** Raises this process's priority; the returned function puts it back (for the next file it runs). */
export function runAhead(niceness = -10): () => void {
  const before = getPriority()
  try {
    setPriority(niceness)
  } catch {
    return () => undefined
  }
  return () => setPriority(before)
}
