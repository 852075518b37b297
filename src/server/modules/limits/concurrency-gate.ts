// Caps on runs in progress in this process: overall, per tool and per client. A run over a cap is
// refused at once (never queued), and its slot is released exactly once when it ends.

export interface ConcurrencyCaps {
  overall: number
  perTool: number
  perClient: number
}

export type GateDecision =
  | { admitted: true; release: () => void }
  | { admitted: false; reason: 'overall' | 'tool' | 'client' }

export interface ConcurrencyGate {
  enter(tool: string, client: string): GateDecision
}

function increment(counts: Map<string, number>, key: string, by: number) {
  const next = (counts.get(key) ?? 0) + by
  if (next === 0) counts.delete(key)
  else counts.set(key, next)
}

export function createConcurrencyGate(caps: ConcurrencyCaps): ConcurrencyGate {
  let running = 0
  const byTool = new Map<string, number>()
  const byClient = new Map<string, number>()
  return {
    enter(tool, client) {
      if ((byClient.get(client) ?? 0) >= caps.perClient) return { admitted: false, reason: 'client' }
      if ((byTool.get(tool) ?? 0) >= caps.perTool) return { admitted: false, reason: 'tool' }
      if (running >= caps.overall) return { admitted: false, reason: 'overall' }
      running++
      increment(byTool, tool, 1)
      increment(byClient, client, 1)
      let released = false
      return {
        admitted: true,
        release: () => {
          if (released) return
          released = true
          running--
          increment(byTool, tool, -1)
          increment(byClient, client, -1)
        },
      }
    },
  }
}
