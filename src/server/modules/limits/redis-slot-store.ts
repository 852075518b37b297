// The concurrency caps shared by every process through Redis. Each run in progress is a lease: a
// member of three sorted sets (all runs, the tool's runs, the client's runs) scored with its expiry
// time. A process renews its leases while their runs go on; a process that dies stops renewing, and
// its leases lapse after the lease time, so a crash never keeps slots taken for good. Releases are
// published, so that processes with runs waiting in line try again at once.
// Every run is counted in this process as well (a lower bound of the true count), and a run needs a
// slot in both: while Redis fails (down, erroring, or slower than REDIS_COMMAND_TIMEOUT_MS), this
// process's own count decides alone, runs already in progress included, so a cap is never off; when
// Redis answers again it decides once more.
import { randomUUID } from 'node:crypto'
import { Redis } from 'ioredis'
import { REDIS_COMMAND_TIMEOUT_MS } from './redis-counter-store.ts'
import { createMemorySlotStore, type FullCap, type SlotCaps, type SlotGrant, type SlotStore } from './slot-store.ts'

const PREFIX = 'nettoolbox:slots:'
const RELEASED_CHANNEL = `${PREFIX}released`

/** KEYS: all, tool, client. ARGV: member, lease ms, overall cap, tool cap, client cap. */
const ACQUIRE_SCRIPT = `
local time = redis.call('TIME')
local now = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)
for i = 1, 3 do redis.call('ZREMRANGEBYSCORE', KEYS[i], '-inf', now) end
if redis.call('ZCARD', KEYS[3]) >= tonumber(ARGV[5]) then return 'client' end
if redis.call('ZCARD', KEYS[2]) >= tonumber(ARGV[4]) then return 'tool' end
if redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[3]) then return 'overall' end
local lease = tonumber(ARGV[2])
for i = 1, 3 do
  redis.call('ZADD', KEYS[i], now + lease, ARGV[1])
  redis.call('PEXPIRE', KEYS[i], lease * 2)
end
return 'ok'
`

/** KEYS: all, tool, client. ARGV: member, lease ms. Only leases still held are extended. */
const RENEW_SCRIPT = `
local time = redis.call('TIME')
local now = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)
local lease = tonumber(ARGV[2])
for i = 1, 3 do
  redis.call('ZADD', KEYS[i], 'XX', now + lease, ARGV[1])
  redis.call('PEXPIRE', KEYS[i], lease * 2)
end
return 1
`

/**
 * KEYS: all, tool, client. ARGV: member, channel, tool. A script rather than MULTI: Redis refuses a
 * whole transaction when it is out of memory, which would keep the slot taken until its lease lapsed.
 */
const RELEASE_SCRIPT = `
for i = 1, 3 do redis.call('ZREM', KEYS[i], ARGV[1]) end
redis.call('PUBLISH', ARGV[2], ARGV[3])
return 1
`

/** KEYS: client. ARGV: client cap. */
const CLIENT_FULL_SCRIPT = `
local time = redis.call('TIME')
local now = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now)
return redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[1]) and 1 or 0
`

export interface RedisSlotStoreOptions {
  /** How long a lease lasts without renewal (a dead process's slots free after this). */
  leaseMs: number
  /** Connection errors (ioredis reconnects by itself meanwhile). */
  onError?: (error: Error) => void
  /** Redis failed and this process's counts decide alone (told once per outage). */
  onFallback?: (error: unknown) => void
  /** Redis answers again (told once, after an outage). */
  onRecovered?: () => void
}

interface Lease {
  member: string
  keys: [string, string, string]
}

export async function createRedisSlotStore(
  url: string,
  caps: SlotCaps,
  { leaseMs, onError, onFallback, onRecovered }: RedisSlotStoreOptions,
): Promise<SlotStore> {
  const connect = async (client: Redis) => {
    client.on('error', (error: Error) => onError?.(error))
    await client.connect()
    return client
  }
  const options = {
    lazyConnect: true,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    connectTimeout: 5_000,
    commandTimeout: REDIS_COMMAND_TIMEOUT_MS,
  }
  const redis = await connect(new Redis(url, options))
  const subscriber = await connect(new Redis(url, { ...options, enableOfflineQueue: true, commandTimeout: undefined }))
  const listeners: Array<() => void> = []
  subscriber.on('message', () => {
    for (const listener of listeners) listener()
  })
  await subscriber.subscribe(RELEASED_CHANNEL)

  const owner = randomUUID()
  let sequence = 0
  const leases = new Set<Lease>()
  /** This process's runs, whether Redis answered for them or not. */
  const local = createMemorySlotStore(caps)
  let failing = false
  const redisFailed = (error: unknown) => {
    if (!failing) onFallback?.(error)
    failing = true
  }
  const redisAnswered = () => {
    if (failing) onRecovered?.()
    failing = false
  }
  const keysOf = (tool: string, client: string): Lease['keys'] => [
    `${PREFIX}all`,
    `${PREFIX}tool:${tool}`,
    `${PREFIX}client:${client}`,
  ]
  const failed = (error: unknown) => onError?.(error instanceof Error ? error : new Error(String(error)))

  const renew = setInterval(
    () => {
      for (const lease of leases) {
        redis.eval(RENEW_SCRIPT, 3, ...lease.keys, lease.member, leaseMs).catch(failed)
      }
    },
    Math.max(100, Math.floor(leaseMs / 3)),
  )
  renew.unref()

  return {
    async acquire(tool, client): Promise<SlotGrant> {
      const own = local.grant(tool, client)
      if (!own.ok) return own
      const lease: Lease = { member: `${owner}:${++sequence}`, keys: keysOf(tool, client) }
      let answer: string
      try {
        answer = String(
          await redis.eval(
            ACQUIRE_SCRIPT,
            3,
            ...lease.keys,
            lease.member,
            leaseMs,
            caps.overall,
            caps.perTool,
            caps.perClient,
          ),
        )
      } catch (error) {
        redisFailed(error)
        return own
      }
      redisAnswered()
      if (answer !== 'ok') {
        own.release()
        return { ok: false, full: answer as FullCap }
      }
      leases.add(lease)
      let released = false
      return {
        ok: true,
        release: () => {
          if (released) return
          released = true
          own.release()
          leases.delete(lease)
          redis.eval(RELEASE_SCRIPT, 3, ...lease.keys, lease.member, RELEASED_CHANNEL, tool).catch(failed)
        },
      }
    },
    async clientFull(client) {
      if (await local.clientFull(client)) return true
      try {
        const full = (await redis.eval(CLIENT_FULL_SCRIPT, 1, keysOf('', client)[2], caps.perClient)) === 1
        redisAnswered()
        return full
      } catch (error) {
        redisFailed(error)
        return false
      }
    },
    onReleased(listener) {
      listeners.push(listener)
    },
    async close() {
      clearInterval(renew)
      await Promise.allSettled([subscriber.quit(), redis.quit()])
    },
  }
}
