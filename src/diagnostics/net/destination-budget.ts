// The per-destination budget: how many DNS packets this process sends to one address, on users'
// behalf, within a sliding minute, whoever asks and through whichever tool. It keeps the site from
// being aimed at a third party: a zone whose name servers all point at one victim, asked by many
// runs or a bulk request, reaches that address at most `packetsPerWindow` times a minute.
export const DESTINATION_WINDOW_MS = 60_000

/** A packet not sent because its address's budget is spent: a clear partial result, never an answer. */
export class DestinationBudgetError extends Error {
  readonly asked: number
  constructor(asked: number) {
    super(`not asked: this address was already asked ${asked} times in the last minute`)
    this.asked = asked
  }
}

export interface DestinationBudget {
  /** Counts one packet to `address`; false (and nothing counted) when its budget is spent. */
  take(address: string): { ok: true } | { ok: false; asked: number }
}

export interface DestinationBudgetOptions {
  packetsPerWindow: number
  windowMs?: number
  now?: () => number
}

/** Addresses kept before the ones with nothing left in their window are dropped. */
const SWEEP_ABOVE = 10_000

export function createDestinationBudget(options: DestinationBudgetOptions): DestinationBudget {
  const windowMs = options.windowMs ?? DESTINATION_WINDOW_MS
  const now = options.now ?? (() => performance.now())
  /** Send times per address, oldest first, only those within the window. */
  const sent = new Map<string, number[]>()

  const sweep = (since: number) => {
    for (const [address, times] of sent) if ((times.at(-1) ?? 0) <= since) sent.delete(address)
  }

  return {
    take(address) {
      const at = now()
      const since = at - windowMs
      if (sent.size > SWEEP_ABOVE) sweep(since)
      const times = sent.get(address) ?? []
      while (times.length > 0 && (times[0] ?? 0) <= since) times.shift()
      if (times.length >= options.packetsPerWindow) {
        sent.set(address, times)
        return { ok: false, asked: times.length }
      }
      times.push(at)
      sent.set(address, times)
      return { ok: true }
    },
  }
}
