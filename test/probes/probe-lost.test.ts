// A probe that goes away in the middle of a measurement: its row becomes "probe-lost" while the other
// probe's row finishes; started again, the same probe is listed and used again. A site process with
// Redis, two probe processes on loopback, and a server that holds their website checks open.
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type ServerProcess, startServerProcess } from '../support/app/server-process.ts'
import { type RedisServer, redisAvailable, startRedis } from '../support/db/redis.ts'
import { type HoldingServer, startHoldingServer } from '../support/net/holding-server.ts'
import { rowStatuses, submitMeasurement, waitForMeasurement } from '../support/probes/measurements.ts'
import { type ProbeProcess, startProbeProcess } from '../support/probes/probe-process.ts'

const TOKENS = { frankfurt: 'frankfurt-token-0123456789', paris: 'paris-token-0123456789' }

if (!redisAvailable) console.warn('SKIPPED: the probe-lost test needs redis-server (Debian package redis-server)')

describe.skipIf(!redisAvailable)('a probe lost during a measurement', () => {
  let redis: RedisServer
  let site: ServerProcess
  let held: HoldingServer
  let dataDir: string
  const probes: ProbeProcess[] = []

  const startProbe = async (name: keyof typeof TOKENS, country: string) => {
    const probe = await startProbeProcess({
      PROBE_SITE_URL: site.url,
      PROBE_TOKEN: TOKENS[name],
      PROBE_TARGET_ALLOW: '127.0.0.0/8',
      PROBE_COUNTRY: country,
    })
    probes.push(probe)
    return probe
  }

  beforeAll(async () => {
    redis = await startRedis()
    held = await startHoldingServer()
    dataDir = await mkdtemp(path.join(tmpdir(), 'nettoolbox-probes-'))
    site = await startServerProcess({
      DATA_DIR: dataDir,
      REDIS_URL: redis.url,
      LOCAL_PROBE: 'false',
      PROBE_LOST_SECONDS: '2',
      PROBE_TOKENS: Object.entries(TOKENS)
        .map(([name, token]) => `${name}:${token}`)
        .join(','),
    })
  })
  afterAll(async () => {
    await Promise.all(probes.map((probe) => probe.kill('SIGKILL')))
    await site?.kill('SIGTERM')
    held?.release()
    await held?.close()
    await redis?.stop()
    if (dataDir) await rm(dataDir, { recursive: true, force: true })
  })

  it('marks the lost probe row probe-lost while the other probe finishes, then uses the probe again', async () => {
    const frankfurt = await startProbe('frankfurt', 'DE')
    await startProbe('paris', 'FR')
    const created = await submitMeasurement(site.url, {
      tool: 'website-check',
      input: `http://127.0.0.1:${held.port}/`,
      locations: ['Germany', 'FR'],
    })
    expect(created.status).toBe(202)
    expect(created.body.probesCount).toBe(2)
    await held.connections(2)

    await frankfurt.kill('SIGKILL')
    const lost = await waitForMeasurement(site.url, created.body.id, (m) => rowStatuses(m).frankfurt !== 'in-progress')
    expect(rowStatuses(lost)).toEqual({ frankfurt: 'probe-lost', paris: 'in-progress' })
    expect(lost.results.find((row) => row.probe.name === 'frankfurt')?.error).toBe(
      'Probe frankfurt disconnected before it answered',
    )

    held.release()
    const done = await waitForMeasurement(site.url, created.body.id)
    expect(rowStatuses(done)).toEqual({ frankfurt: 'probe-lost', paris: 'finished' })
    const paris = done.results.find((row) => row.probe.name === 'paris')
    expect(paris?.result).toMatchObject({ tool: 'website-check', status: 'failed', failureSource: 'target' })

    await startProbe('frankfurt', 'DE')
    const listed = (await (await fetch(`${site.url}/api/probes`)).json()) as { probes: Array<{ id: string }> }
    expect(listed.probes.map((probe) => probe.id).sort()).toEqual(['frankfurt', 'paris'])
    const again = await submitMeasurement(site.url, {
      tool: 'website-check',
      input: `http://127.0.0.1:${held.port}/`,
      locations: ['DE'],
    })
    expect(again.status).toBe(202)
    const reused = await waitForMeasurement(site.url, again.body.id)
    expect(rowStatuses(reused)).toEqual({ frankfurt: 'finished' })
  }, 180_000)
})
