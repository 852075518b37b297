// How often each probe lately took a task and gave no answer within the tool's time limit: a count
// that halves every TIMEOUT_HALF_LIFE_MS, so a probe that stops timing out is soon chosen as often as
// any (select-probes.ts). In memory for one process, in a Redis hash shared by every process.
import type { Redis } from 'ioredis'

export interface ProbeTimeouts {
  /** One more timeout of the probe, now. */
  record(probeId: string): Promise<void>
  /** The decayed count of every probe with timeouts (probes without any are absent). */
  counts(): Promise<ReadonlyMap<string, number>>
}

export const TIMEOUT_HALF_LIFE_MS = 30 * 60_000
/** Counts below this are forgotten. */
const NEGLIGIBLE = 0.05
/** How long one process reuses the counts it read from Redis. */
const READ_REUSE_MS = 1000

interface Score {
  count: number
  at: number
}

/** The count of `score` decayed to `now`. */
export function decayedCount(score: Score, now: number): number {
  return score.count * 0.5 ** (Math.max(0, now - score.at) / TIMEOUT_HALF_LIFE_MS)
}

export function createMemoryProbeTimeouts({ now = () => Date.now() } = {}): ProbeTimeouts {
  const scores = new Map<string, Score>()
  return {
    async record(probeId) {
      const at = now()
      const before = scores.get(probeId)
      scores.set(probeId, { count: (before ? decayedCount(before, at) : 0) + 1, at })
    },
    async counts() {
      const at = now()
      const counts = new Map<string, number>()
      for (const [probeId, score] of scores) {
        const count = decayedCount(score, at)
        if (count < NEGLIGIBLE) scores.delete(probeId)
        else counts.set(probeId, count)
      }
      return counts
    },
  }
}

const KEY = 'nettoolbox:probe-timeouts'

/** Decays the stored count to ARGV[2] (ms), adds one; "count at" in one field. */
const RECORD_SCRIPT = `
local stored = redis.call('HGET', KEYS[1], ARGV[1])
local now = tonumber(ARGV[2])
local count = 0
if stored then
  local space = string.find(stored, ' ')
  local before = tonumber(string.sub(stored, 1, space - 1))
  local at = tonumber(string.sub(stored, space + 1))
  count = before * math.pow(0.5, math.max(0, now - at) / tonumber(ARGV[3]))
end
redis.call('HSET', KEYS[1], ARGV[1], tostring(count + 1) .. ' ' .. ARGV[2])
return 0
`

export function createRedisProbeTimeouts(redis: Redis, { now = () => Date.now() } = {}): ProbeTimeouts {
  let read: { at: number; counts: Promise<ReadonlyMap<string, number>> } | undefined
  const readAll = async () => {
    const fields = await redis.hgetall(KEY)
    const at = now()
    const counts = new Map<string, number>()
    const negligible: string[] = []
    for (const [probeId, text] of Object.entries(fields)) {
      const [count, since] = text.split(' ').map(Number)
      const decayed = decayedCount({ count: count ?? 0, at: since ?? 0 }, at)
      if (decayed < NEGLIGIBLE || !Number.isFinite(decayed)) negligible.push(probeId)
      else counts.set(probeId, decayed)
    }
    if (negligible.length > 0) await redis.hdel(KEY, ...negligible)
    return counts
  }
  return {
    async record(probeId) {
      await redis.eval(RECORD_SCRIPT, 1, KEY, probeId, now(), TIMEOUT_HALF_LIFE_MS)
      read = undefined
    },
    counts() {
      if (read && now() - read.at < READ_REUSE_MS) return read.counts
      const current = { at: now(), counts: readAll() }
      read = current
      current.counts.catch(() => {
        if (read === current) read = undefined
      })
      return current.counts
    },
  }
}
