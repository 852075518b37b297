// Closing the site while its Redis address is taken by something that accepts connections but never
// answers (another program on the freed port, or a Redis still loading): the probe channel's closing
// commands are rejected by the connection, and none of those rejections goes unhandled.
import net from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import { createTestApp } from '../support/app/app.ts'
import { redisAvailable, startRedis } from '../support/db/redis.ts'

if (!redisAvailable) console.warn('SKIPPED: the Redis close test needs redis-server (Debian package redis-server)')

describe.skipIf(!redisAvailable)('closing while the Redis address does not answer', () => {
  const unhandled: unknown[] = []
  const record = (reason: unknown) => unhandled.push(reason)
  afterEach(() => {
    process.off('unhandledRejection', record)
  })

  it('leaves no unhandled rejection behind', async () => {
    const redis = await startRedis()
    const app = await createTestApp({ REDIS_URL: redis.url })
    const port = Number(new URL(redis.url).port)
    await redis.stop()
    const sockets = new Set<net.Socket>()
    const silent = net.createServer((socket) => sockets.add(socket))
    await new Promise<void>((resolve) => silent.listen(port, '127.0.0.1', resolve))
    try {
      process.on('unhandledRejection', record)
      // The connections retry after 50, 100, 150… ms: by now they are connected to the silent server.
      await new Promise((resolve) => setTimeout(resolve, 1500))
      await app.close()
      // The connections are half-closed until the other end closes too: only then are their
      // commands rejected.
      for (const socket of sockets) socket.destroy()
      await new Promise((resolve) => setTimeout(resolve, 200))
      expect(unhandled.map((reason) => String(reason))).toEqual([])
    } finally {
      for (const socket of sockets) socket.destroy()
      silent.close()
    }
  }, 20_000)
})
