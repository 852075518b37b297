// Parses mtr --raw output into per-hop statistics, event by event (for streaming) or all at once.
//   x <hop> <seq>          a probe was sent to distance hop+1
//   h <hop> <address>      an address answered at that distance
//   p <hop> <usec> <seq>   a reply arrived, round trip in microseconds
//   d <hop> <name>         a reverse name (not produced with -n)
import type { TracerouteHop } from '../../shared/tools/traceroute/schema.ts'

export type MtrEvent =
  | { kind: 'sent'; hop: number }
  | { kind: 'host'; hop: number; address: string }
  | { kind: 'reply'; hop: number; usec: number }

export function parseMtrLine(line: string): MtrEvent | null {
  const [tag, hopText, value] = line.trim().split(/\s+/)
  const hop = Number(hopText)
  if (!Number.isInteger(hop) || hop < 0 || value === undefined) return null
  if (tag === 'x') return { kind: 'sent', hop: hop + 1 }
  if (tag === 'h') return { kind: 'host', hop: hop + 1, address: value }
  if (tag === 'p' && /^\d+$/.test(value)) return { kind: 'reply', hop: hop + 1, usec: Number(value) }
  return null
}

interface HopState {
  addresses: string[]
  sent: number
  times: number[]
}

export interface MtrTrace {
  hops: TracerouteHop[]
  reached: boolean
  /** "mtr: ..." messages: the trace could not start or was cut short. */
  failures: string[]
}

const FAILURE = /^mtr(?:-packet)?: (.+)$/

const round3 = (n: number) => Math.round(n * 1000) / 1000

/** Per-hop numbers as mtr's report computes them (StDev over replies, n - 1). */
function hopStats(hop: number, state: HopState | undefined): TracerouteHop {
  const times = state?.times ?? []
  const sent = state?.sent ?? 0
  const n = times.length
  const avg = n ? times.reduce((a, b) => a + b, 0) / n : 0
  const variance = n > 1 ? times.reduce((a, t) => a + (t - avg) ** 2, 0) / (n - 1) : 0
  return {
    hop,
    address: state?.addresses[0] ?? null,
    otherAddresses: state?.addresses.slice(1) ?? [],
    sent,
    received: n,
    lossPercent: sent ? round3(((sent - Math.min(n, sent)) / sent) * 100) : 0,
    lastMs: n ? round3(times[n - 1] ?? 0) : null,
    avgMs: n ? round3(avg) : null,
    bestMs: n ? round3(Math.min(...times)) : null,
    worstMs: n ? round3(Math.max(...times)) : null,
    stdevMs: n ? round3(Math.sqrt(variance)) : null,
  }
}

/** Accumulates events; hops() cuts the list at the target (mtr probes one distance past it). */
export function createMtrTrace(target: string) {
  const states = new Map<number, HopState>()
  const state = (hop: number) => {
    const known = states.get(hop)
    if (known) return known
    const created: HopState = { addresses: [], sent: 0, times: [] }
    states.set(hop, created)
    return created
  }
  const targetHop = () => {
    const hops = [...states.keys()].sort((a, b) => a - b)
    return hops.find((hop) => states.get(hop)?.addresses.includes(target))
  }
  return {
    /** Applies one event; returns the hop it changed when a user would see a difference. */
    push(event: MtrEvent): TracerouteHop | null {
      const s = state(event.hop)
      if (event.kind === 'sent') {
        s.sent++
        return null
      }
      if (event.kind === 'host') {
        if (s.addresses.includes(event.address)) return null
        s.addresses.push(event.address)
      } else s.times.push(event.usec / 1000)
      const reachedAt = targetHop()
      return reachedAt !== undefined && event.hop > reachedAt ? null : hopStats(event.hop, s)
    },
    result(): MtrTrace {
      const reachedAt = targetHop()
      const answered = [...states.entries()].filter(([, s]) => s.addresses.length > 0).map(([hop]) => hop)
      const probed = Math.max(0, ...states.keys())
      // Unreached: up to the first silent distance after the last that answered (as mtr's report).
      const last = reachedAt ?? Math.min(probed, Math.max(0, ...answered) + 1)
      const hops: TracerouteHop[] = []
      for (let hop = 1; hop <= last; hop++) hops.push(hopStats(hop, states.get(hop)))
      return { hops, reached: reachedAt !== undefined, failures: [] }
    },
  }
}

export function parseMtrFailure(line: string): string | null {
  return FAILURE.exec(line.trim())?.[1] ?? null
}

export function parseMtr(text: string, target: string): MtrTrace {
  const trace = createMtrTrace(target)
  const failures: string[] = []
  for (const line of text.split('\n')) {
    const event = parseMtrLine(line)
    if (event) trace.push(event)
    const failure = parseMtrFailure(line)
    if (failure) failures.push(failure)
  }
  return { ...trace.result(), failures }
}
