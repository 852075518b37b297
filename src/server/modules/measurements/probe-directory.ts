// Which probes are connected, to any site process: in memory for one process, in a Redis hash for
// several. Each process re-announces its own probes every few seconds; an entry not renewed within
// PRESENCE_TTL_MS (its process was killed) no longer counts as connected.
import type { Redis } from 'ioredis'
import type { ProbeInfo } from '../../../shared/measurements.ts'

export interface ProbeDirectory {
  /** Announces a probe held by this process's socket `socketId` (replacing any older entry). */
  register(probe: ProbeInfo, socketId: string): Promise<void>
  /** Removes the probe unless a newer connection has registered it since. */
  unregister(probeId: string, socketId: string): Promise<void>
  /** Renews this process's probes. */
  renew(probes: Array<{ probe: ProbeInfo; socketId: string }>): Promise<void>
  /**
   * The connected probes. `recent`: a list read from Redis within LIST_REUSE_MS will do (choosing
   * probes for a measurement); otherwise it is read now (the public listing, which must say when the
   * directory cannot be reached).
   */
  list(options?: { recent?: boolean }): Promise<ProbeInfo[]>
  isOnline(probeId: string): Promise<boolean>
}

export const PRESENCE_RENEW_MS = 2000
export const PRESENCE_TTL_MS = 6000
/**
 * How long one process reuses the list it read from Redis. Every measurement lists the probes; with a
 * thousand of them, reading and parsing the whole hash each time was most of a submission's cost.
 * A probe gone within this time is chosen at worst once more, and its row ends as probe-lost.
 */
export const LIST_REUSE_MS = 1000

interface Entry {
  probe: ProbeInfo
  socketId: string
  seenAt: number
}

export function createMemoryProbeDirectory(): ProbeDirectory {
  const entries = new Map<string, Entry>()
  return {
    async register(probe, socketId) {
      entries.set(probe.id, { probe, socketId, seenAt: Date.now() })
    },
    async unregister(probeId, socketId) {
      if (entries.get(probeId)?.socketId === socketId) entries.delete(probeId)
    },
    async renew() {},
    async list() {
      return [...entries.values()].map((entry) => entry.probe)
    },
    async isOnline(probeId) {
      return entries.has(probeId)
    },
  }
}

const KEY = 'nettoolbox:probes'

const UNREGISTER_SCRIPT = `
local current = redis.call('HGET', KEYS[1], ARGV[1])
if current and cjson.decode(current)['socketId'] == ARGV[2] then redis.call('HDEL', KEYS[1], ARGV[1]) end
return 0
`

export function createRedisProbeDirectory(redis: Redis, { now = () => Date.now() } = {}): ProbeDirectory {
  const fresh = (entry: Entry) => now() - entry.seenAt < PRESENCE_TTL_MS
  const readAll = async () => {
    const fields = await redis.hgetall(KEY)
    return Object.values(fields).map((text) => JSON.parse(text) as Entry)
  }
  let listed: { at: number; probes: Promise<ProbeInfo[]> } | undefined
  const forget = () => {
    listed = undefined
  }
  return {
    async register(probe, socketId) {
      await redis.hset(KEY, probe.id, JSON.stringify({ probe, socketId, seenAt: now() } satisfies Entry))
      forget()
    },
    async unregister(probeId, socketId) {
      await redis.eval(UNREGISTER_SCRIPT, 1, KEY, probeId, socketId)
      forget()
    },
    async renew(probes) {
      if (probes.length === 0) return
      const fields = Object.fromEntries(
        probes.map(({ probe, socketId }) => [probe.id, JSON.stringify({ probe, socketId, seenAt: now() })]),
      )
      await redis.hset(KEY, fields)
      // Entries left by killed processes are dropped once well past their time.
      const stale = (await readAll()).filter((entry) => now() - entry.seenAt > PRESENCE_TTL_MS * 10)
      if (stale.length > 0) await redis.hdel(KEY, ...stale.map((entry) => entry.probe.id))
    },
    list({ recent = false } = {}) {
      if (recent && listed && now() - listed.at < LIST_REUSE_MS) return listed.probes
      const probes = readAll().then((entries) => entries.filter(fresh).map((entry) => entry.probe))
      const current = { at: now(), probes }
      listed = current
      probes.catch(() => {
        if (listed === current) forget()
      })
      return probes
    },
    async isOnline(probeId) {
      const text = await redis.hget(KEY, probeId)
      return text !== null && fresh(JSON.parse(text) as Entry)
    },
  }
}
