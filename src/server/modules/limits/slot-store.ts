// Where the concurrency caps keep their count of runs in progress: in this process (the default),
// or in Redis (REDIS_URL) so that every process behind one address shares the same caps.

export interface SlotCaps {
  overall: number
  perTool: number
  perClient: number
}

/** Which cap a refused slot hit. */
export type FullCap = 'overall' | 'tool' | 'client'

export type SlotGrant = { ok: true; release: () => void } | { ok: false; full: FullCap }

export interface SlotStore {
  /** Takes one slot of `tool` for `client`, unless a cap is reached. */
  acquire(tool: string, client: string): Promise<SlotGrant>
  /** Whether `client` already holds its own cap of runs. */
  clientFull(client: string): Promise<boolean>
  /** Called when a slot may have been freed elsewhere (another process), so waiting runs retry. */
  onReleased(listener: () => void): void
  close(): Promise<void>
}

function bump(counts: Map<string, number>, key: string, by: number) {
  const next = (counts.get(key) ?? 0) + by
  if (next <= 0) counts.delete(key)
  else counts.set(key, next)
}

/** Counts in this process only; synchronous underneath. */
export function createMemorySlotStore(caps: SlotCaps): SlotStore & { grant(tool: string, client: string): SlotGrant } {
  let running = 0
  const byTool = new Map<string, number>()
  const byClient = new Map<string, number>()
  const grant = (tool: string, client: string): SlotGrant => {
    if ((byClient.get(client) ?? 0) >= caps.perClient) return { ok: false, full: 'client' }
    if ((byTool.get(tool) ?? 0) >= caps.perTool) return { ok: false, full: 'tool' }
    if (running >= caps.overall) return { ok: false, full: 'overall' }
    running++
    bump(byTool, tool, 1)
    bump(byClient, client, 1)
    let released = false
    return {
      ok: true,
      release: () => {
        if (released) return
        released = true
        running--
        bump(byTool, tool, -1)
        bump(byClient, client, -1)
      },
    }
  }
  return {
    grant,
    acquire: async (tool, client) => grant(tool, client),
    clientFull: async (client) => (byClient.get(client) ?? 0) >= caps.perClient,
    onReleased: () => undefined,
    close: async () => undefined,
  }
}
