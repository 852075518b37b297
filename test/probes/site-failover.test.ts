// A site process killed in the middle of a measurement: the other process (same Redis, same
// PostgreSQL) finishes serving it. The measurement was accepted (202) by the process that dies; its
// probes reconnect to the other one and hand their results over there, and nothing is lost.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type ServerProcess, startServerProcess } from '../support/app/server-process.ts'
import { type PostgresServer, postgresUnavailableReason, startPostgres } from '../support/db/postgres.ts'
import { type RedisServer, redisAvailable, startRedis } from '../support/db/redis.ts'
import { type HoldingServer, startHoldingServer } from '../support/net/holding-server.ts'
import { rowStatuses, submitMeasurement, waitForMeasurement } from '../support/probes/measurements.ts'
import { type ProbeProcess, startProbeProcess } from '../support/probes/probe-process.ts'

const TOKENS = 'east:east-token-0123456789,west:west-token-0123456789'

if (!redisAvailable || postgresUnavailableReason() !== undefined) {
  console.warn('SKIPPED: the site failover test needs redis-server and PostgreSQL')
}

describe.skipIf(!redisAvailable || postgresUnavailableReason() !== undefined)(
  'a site process killed mid-measurement',
  () => {
    let redis: RedisServer
    let postgres: PostgresServer | null
    let first: ServerProcess
    let second: ServerProcess
    let held: HoldingServer
    const probes: ProbeProcess[] = []

    beforeAll(async () => {
      redis = await startRedis()
      postgres = await startPostgres()
      held = await startHoldingServer()
      const env = {
        REDIS_URL: redis.url,
        DATABASE_URL: (await postgres?.createDatabase()) ?? '',
        PROBE_TOKENS: TOKENS,
        LOCAL_PROBE: 'false',
      }
      first = await startServerProcess(env)
      second = await startServerProcess(env)
      for (const [name, token] of [
        ['east', 'east-token-0123456789'],
        ['west', 'west-token-0123456789'],
      ]) {
        probes.push(
          await startProbeProcess({
            PROBE_SITE_URL: `${first.url},${second.url}`,
            PROBE_TOKEN: token as string,
            PROBE_NAME: name as string,
            PROBE_TARGET_ALLOW: '127.0.0.0/8',
          }),
        )
      }
    })
    afterAll(async () => {
      await Promise.all(probes.map((probe) => probe.kill('SIGKILL')))
      await first?.kill('SIGKILL')
      await second?.kill('SIGTERM')
      held?.release()
      await held?.close()
      await postgres?.stop()
      await redis?.stop()
    })

    it('the other process finishes it: every row answered, the run stored', async () => {
      const created = await submitMeasurement(first.url, {
        tool: 'website-check',
        input: `http://127.0.0.1:${held.port}/`,
        locations: ['any'],
        limit: 2,
      })
      expect(created.status).toBe(202)
      expect(created.body.probesCount).toBe(2)
      await held.connections(2)

      await first.kill('SIGKILL')
      // The checks end while the probes are cut off: each probe keeps its result and hands it to the
      // other process once it has reconnected there.
      await Promise.all(probes.map((probe) => probe.waitForLog('disconnected from the site')))
      held.release()
      await waitForProbes(second.url, ['east', 'west'])

      const done = await waitForMeasurement(second.url, created.body.id, undefined, 30_000)
      expect(rowStatuses(done)).toEqual({ east: 'finished', west: 'finished' })
      for (const row of done.results) {
        expect(row.result).toMatchObject({ tool: 'website-check', status: 'failed', failureSource: 'target' })
      }
      expect(done.runId).toEqual(expect.any(String))
      for (const probe of probes) {
        const messages = probe.logs.map((line) => line.msg)
        expect(messages.indexOf('task finished')).toBeGreaterThan(messages.indexOf('disconnected from the site'))
        expect(messages.indexOf('task finished')).toBeLessThan(messages.lastIndexOf('connected and ready'))
      }
    }, 90_000)
  },
)

async function waitForProbes(siteUrl: string, ids: string[]) {
  const deadline = Date.now() + 20_000
  for (;;) {
    const listed = (await (await fetch(`${siteUrl}/api/probes`)).json()) as { probes: Array<{ id: string }> }
    if (ids.every((id) => listed.probes.some((probe) => probe.id === id))) return
    if (Date.now() > deadline) throw new Error(`probes not back: ${JSON.stringify(listed)}`)
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}
