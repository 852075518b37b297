// Whether the data directory (DATA_DIR: the SQLite file, the mail outbox) takes writes: a small file
// written, read back and removed, within a deadline. A full disk, a read-only mount or a path that
// is not a directory all answer false; probes asked at the same time share one write.
import { randomUUID } from 'node:crypto'
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises'
import path from 'node:path'

const PROBE_TIMEOUT_MS = 2000
const PROBE_TEXT = 'nettoolbox health probe\n'

async function writeAndReadBack(dir: string, signal: AbortSignal): Promise<boolean> {
  const file = path.join(dir, `.health-probe-${randomUUID()}`)
  try {
    await mkdir(dir, { recursive: true })
    await writeFile(file, PROBE_TEXT, { signal })
    return (await readFile(file, { encoding: 'utf8', signal })) === PROBE_TEXT
  } finally {
    await rm(file, { force: true }).catch(() => {})
  }
}

export function createDataDirProbe(dir: string, { timeoutMs = PROBE_TIMEOUT_MS } = {}): () => Promise<boolean> {
  let running: Promise<boolean> | undefined
  return () => {
    running ??= writeAndReadBack(dir, AbortSignal.timeout(timeoutMs))
      .catch(() => false)
      .finally(() => {
        running = undefined
      })
    return running
  }
}
