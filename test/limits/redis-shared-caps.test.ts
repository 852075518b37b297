// Concurrency caps across real server processes sharing one Redis: runs held open in one process
// take the tool's slots in the other too; a process killed while holding slots frees them once its
// leases lapse (CONCURRENCY_LEASE_SECONDS), with nobody releasing them.
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type ServerProcess, startServerProcess } from '../support/app/server-process.ts'
import { type RedisServer, redisAvailable, startRedis } from '../support/db/redis.ts'
import { type HoldingServer, startHoldingServer } from '../support/net/holding-server.ts'

if (!redisAvailable) console.warn('SKIPPED: shared concurrency caps need redis-server (Debian package redis-server)')

const LEASE_SECONDS = 2

describe.skipIf(!redisAvailable)('concurrency caps shared through Redis by two processes', () => {
  let redis: RedisServer
  const peers: HoldingServer[] = []
  const servers: ServerProcess[] = []
  const dataDirs: string[] = []

  const startServer = async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'nettoolbox-caps-'))
    dataDirs.push(dataDir)
    const server = await startServerProcess({
      DATA_DIR: dataDir,
      REDIS_URL: redis.url,
      TARGET_ALLOW: '127.0.0.0/8',
      MAX_CONCURRENT_PER_TOOL: '2',
      MAX_CONCURRENT_PER_CLIENT: '10',
      QUEUE_PER_TOOL: '0',
      CONCURRENCY_LEASE_SECONDS: String(LEASE_SECONDS),
    })
    servers.push(server)
    return server
  }

  beforeAll(async () => {
    redis = await startRedis()
  })
  afterAll(async () => {
    for (const peer of peers) peer.release()
    await Promise.all(servers.map((s) => s.kill('SIGTERM')))
    await Promise.all(peers.map((peer) => peer.close()))
    await redis?.stop()
    await Promise.all(dataDirs.map((d) => rm(d, { recursive: true, force: true })))
  })

  const websiteCheck = (server: ServerProcess, url: string) =>
    fetch(`${server.url}/api/tools/website-check`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ input: url }),
    })
  /** A peer that holds website checks open until it releases them: each takes a slot for as long. */
  const startPeer = async () => {
    const peer = await startHoldingServer()
    peers.push(peer)
    return peer
  }
  const hold = (server: ServerProcess, peer: HoldingServer) =>
    websiteCheck(server, `http://127.0.0.1:${peer.port}/`).then(
      (res) => res.text(),
      (error: Error) => error.message,
    )
  /** Denied by the target policy the moment it starts: admitted or refused, it answers at once. */
  const quick = (server: ServerProcess) => websiteCheck(server, 'http://169.254.169.254/')

  async function expectBusy(res: Response) {
    expect(res.status).toBe(503)
    expect(await res.json()).toEqual({
      error: { type: 'server_busy', message: 'The server is busy with too many Website Check runs. Try again in 5 s.' },
    })
  }
  async function expectAdmitted(res: Response) {
    expect(res.status).toBe(200)
    expect((await res.json()).failureSource).toBe('policy')
  }

  it("refuses a run in one process while the other holds all the tool's slots, and admits once they end", async () => {
    const [first, second] = [await startServer(), await startServer()]
    if (!first || !second) throw new Error('the servers did not start')
    await expectAdmitted(await quick(second))
    const peer = await startPeer()
    const held = [hold(first, peer), hold(first, peer)]
    await peer.connections(2)
    await expectBusy(await quick(second))
    await expectBusy(await quick(first))
    peer.release()
    await Promise.all(held)
    await expectAdmitted(await quick(second))
  }, 60_000)

  it('frees the slots of a process killed mid-run once its leases lapse', async () => {
    const [doomed, survivor] = [await startServer(), await startServer()]
    if (!doomed || !survivor) throw new Error('the servers did not start')
    const peer = await startPeer()
    const held = [hold(doomed, peer), hold(doomed, peer)]
    await peer.connections(2)
    await expectBusy(await quick(survivor))
    const killedAt = Date.now()
    await doomed.kill('SIGKILL')
    await Promise.allSettled(held)
    // Still taken right after the crash: nobody released them.
    await expectBusy(await quick(survivor))
    let admitted: Response | undefined
    while (Date.now() - killedAt < (LEASE_SECONDS + 5) * 1000) {
      const res = await quick(survivor)
      if (res.status === 200) {
        admitted = res
        break
      }
      await res.body?.cancel()
      await new Promise((resolve) => setTimeout(resolve, 200))
    }
    if (!admitted) throw new Error('the dead process kept its slots')
    await expectAdmitted(admitted)
    const freedAfterMs = Date.now() - killedAt
    expect(freedAfterMs).toBeGreaterThanOrEqual(LEASE_SECONDS * 1000 - 500)
    expect(freedAfterMs).toBeLessThan((LEASE_SECONDS + 5) * 1000)
  }, 60_000)
})
