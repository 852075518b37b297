// The concurrency caps shared by every process through Redis. Each run in progress is a lease: a
// member of three sorted sets (all runs, the tool's runs, the client's runs) scored with its expiry
// time. A process renews its leases while their runs go on; a process that dies stops renewing, and
// its leases lapse after the lease time, so a crash never keeps slots taken for good. Releases are
// published, so that processes with runs waiting in line try again at once.
// When Redis fails, slots are counted in this process until it answers again.
import { randomUUID } from 'node:crypto'
import { Redis } from 'ioredis'
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
  onError?: (error: Error) => void
}

interface Lease {
  member: string
  keys: [string, string, string]
}

export async function createRedisSlotStore(
  url: string,
  caps: SlotCaps,
  { leaseMs, onError }: RedisSlotStoreOptions,
): Promise<SlotStore> {
  const connect = async (client: Redis) => {
    client.on('error', (error: Error) => onError?.(error))
    await client.connect()
    return client
  }
  const options = { lazyConnect: true, enableOfflineQueue: false, maxRetriesPerRequest: 1, connectTimeout: 5_000 }
  const redis = await connect(new Redis(url, options))
  const subscriber = await connect(new Redis(url, { ...options, enableOfflineQueue: true }))
  const listeners: Array<() => void> = []
  subscriber.on('message', () => {
    for (const listener of listeners) listener()
  })
  await subscriber.subscribe(RELEASED_CHANNEL)

  const owner = randomUUID()
  let sequence = 0
  const leases = new Set<Lease>()
  const fallback = createMemorySlotStore(caps)
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
        failed(error)
        return fallback.acquire(tool, client)
      }
      if (answer !== 'ok') return { ok: false, full: answer as FullCap }
      leases.add(lease)
      let released = false
      return {
        ok: true,
        release: () => {
          if (released) return
          released = true
          leases.delete(lease)
          redis
            .multi()
            .zrem(lease.keys[0], lease.member)
            .zrem(lease.keys[1], lease.member)
            .zrem(lease.keys[2], lease.member)
            .publish(RELEASED_CHANNEL, tool)
            .exec()
            .catch(failed)
        },
      }
    },
    async clientFull(client) {
      try {
        return (await redis.eval(CLIENT_FULL_SCRIPT, 1, keysOf('', client)[2], caps.perClient)) === 1
      } catch (error) {
        failed(error)
        return fallback.clientFull(client)
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
