// The counters in Redis (REDIS_URL), so every process behind one address shares the same limits.
// One Lua script adds and reads atomically; the key expires with its window. A command fails at once
// while Redis is disconnected and after REDIS_COMMAND_TIMEOUT_MS when it does not answer, so that
// fail-safe-counter-store.ts can count in the process instead.
import { Redis } from 'ioredis'
import type { CounterStore } from './counter-store.ts'

const ADD_SCRIPT = `
local total = redis.call('INCRBY', KEYS[1], ARGV[1])
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[2])
  ttl = tonumber(ARGV[2])
end
return { total, ttl }
`

const KEY_PREFIX = 'nettoolbox:limit:'

/** A limit check waits at most this long for Redis (it answers in well under a millisecond on loopback). */
export const REDIS_COMMAND_TIMEOUT_MS = 1_000

export interface RedisCounterStoreOptions {
  /** Told about connection errors after the start (ioredis reconnects by itself meanwhile). */
  onError?: (error: Error) => void
}

/** Connects at once and throws when Redis cannot be reached, so a bad REDIS_URL stops the start. */
export async function createRedisCounterStore(
  url: string,
  options: RedisCounterStoreOptions = {},
): Promise<CounterStore> {
  const redis = new Redis(url, {
    lazyConnect: true,
    // A command while disconnected fails at once instead of waiting in a queue.
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    connectTimeout: 5_000,
    commandTimeout: REDIS_COMMAND_TIMEOUT_MS,
  })
  redis.on('error', (error: Error) => options.onError?.(error))
  try {
    await redis.connect()
  } catch (error) {
    redis.disconnect()
    throw new Error(`Cannot connect to Redis at ${describeRedisUrl(url)}`, { cause: error })
  }
  return {
    async add(key, amount, windowMs) {
      const reply = (await redis.eval(ADD_SCRIPT, 1, KEY_PREFIX + key, amount, windowMs)) as [number, number]
      return { total: Number(reply[0]), resetInMs: Number(reply[1]) }
    },
    async ping() {
      return redis.ping().then(
        (answer) => answer === 'PONG',
        () => false,
      )
    },
    async close() {
      await redis.quit().catch(() => redis.disconnect())
    },
  }
}

/** host:port of a Redis URL, without credentials. */
function describeRedisUrl(url: string): string {
  try {
    return new URL(url).host
  } catch {
    return 'the configured REDIS_URL'
  }
}
