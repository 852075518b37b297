// Rate limits across real server processes: two processes sharing one Redis count one client
// together, whichever of them a request reaches; two processes without REDIS_URL count apart.
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type ServerProcess, startServerProcess } from '../support/app/server-process.ts'
import { type RedisServer, redisAvailable, startRedis } from '../support/db/redis.ts'
import { freePort } from '../support/net/ports.ts'

if (!redisAvailable) {
  console.warn('SKIPPED: rate limits across two server processes need redis-server (Debian package redis-server)')
}

const TOOLS_PER_MINUTE = 3

/** A pair of server processes, each on its own port and data directory, with the given settings. */
async function startPair(env: Record<string, string>): Promise<Pair> {
  const dataDirs: string[] = []
  const servers: ServerProcess[] = []
  const stop = async () => {
    await Promise.all(servers.map((s) => s.kill('SIGTERM')))
    await Promise.all(dataDirs.map((d) => rm(d, { recursive: true, force: true })))
  }
  // Nothing answers DNS there: no run of these tests may leave the loopback.
  const dnsPort = await freePort('127.0.0.1', true)
  const started = await Promise.allSettled(
    [0, 1].map(async () => {
      const dataDir = await mkdtemp(path.join(tmpdir(), 'nettoolbox-limits-'))
      dataDirs.push(dataDir)
      const server = await startServerProcess({
        DATA_DIR: dataDir,
        DNS_SERVERS: `127.0.0.1:${dnsPort}`,
        RATE_LIMIT_TOOLS_PER_MINUTE: String(TOOLS_PER_MINUTE),
        ...env,
      })
      servers.push(server)
      return server
    }),
  )
  const failure = started.find((s) => s.status === 'rejected')
  if (failure) {
    await stop()
    throw failure.reason
  }
  const [first, second] = servers
  if (!first || !second) throw new Error('the servers did not start')
  return { first, second, stop }
}

/**
 * A ping of 169.254.169.254, which the target policy denies: the run ends at once without sending
 * anything, yet counts 1 against the tool budget.
 */
const runTool = (server: ServerProcess) =>
  fetch(`${server.url}/api/tools/ping`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ input: '169.254.169.254' }),
  })

/** Asserts a run that was admitted (and ended at the policy). */
async function expectAdmitted(res: Response) {
  expect(res.status).toBe(200)
  expect((await res.json()).failureSource).toBe('policy')
}

/** Asserts the documented refusal: 429, Retry-After in seconds, { error: { type, message } }. */
async function expectRefused(res: Response) {
  expect(res.status).toBe(429)
  const retryAfter = Number(res.headers.get('retry-after'))
  expect(retryAfter).toBeGreaterThanOrEqual(1)
  expect(retryAfter).toBeLessThanOrEqual(60)
  const body = await res.json()
  expect(body.error.type).toBe('rate_limited')
  expect(body.error.message).toBe(`Too many tool runs from your address. Try again in ${retryAfter} s.`)
}

interface Pair {
  first: ServerProcess
  second: ServerProcess
  stop(): Promise<void>
}

let redis: RedisServer | undefined
let shared: Pair | undefined
let separate: Pair | undefined

// All four processes start at once: each takes seconds to start.
beforeAll(async () => {
  const startShared = async () => {
    if (!redisAvailable) return
    redis = await startRedis()
    shared = await startPair({ REDIS_URL: redis.url })
  }
  const startSeparate = async () => {
    separate = await startPair({})
  }
  const failure = (await Promise.allSettled([startShared(), startSeparate()])).find((s) => s.status === 'rejected')
  if (failure) throw failure.reason
})

afterAll(async () => {
  await Promise.all([shared?.stop(), separate?.stop()])
  await redis?.stop()
})

function started(pair: Pair | undefined): Pair {
  if (!pair) throw new Error('the servers did not start')
  return pair
}

describe.skipIf(!redisAvailable)('two server processes sharing one Redis (REDIS_URL)', () => {
  it('count one client across both and refuse its 4th run, whichever process receives it', async () => {
    const { first, second } = started(shared)
    for (const server of [first, second, first]) await expectAdmitted(await runTool(server))
    await expectRefused(await runTool(second))
    await expectRefused(await runTool(first))
  })
})

describe('two server processes without REDIS_URL', () => {
  it('count each client in each process on its own: both allow the full budget, then refuse', async () => {
    const { first, second } = started(separate)
    for (let i = 0; i < TOOLS_PER_MINUTE; i++) {
      for (const server of [first, second]) await expectAdmitted(await runTool(server))
    }
    await expectRefused(await runTool(first))
    await expectRefused(await runTool(second))
  })
})
