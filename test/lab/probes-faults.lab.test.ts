// The probe network when things break, in the lab (region-plan.ts): a probe dies mid-traceroute and
// comes back, a probe is asked about its own private network, a probe's token is revoked, site
// process A dies mid-measurement, and Redis restarts. Each step starts from what the last one left.
import { readFile } from 'node:fs/promises'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { LabProcess } from './lab.ts'
import { createMeasurement, rowOf, waitForMeasurement, waitForProbeGone, waitForProbes } from './measurement-client.ts'
import { namespacePids } from './namespaces.ts'
import { type ProbeLab, startProbeLab } from './probe-lab.ts'
import { REGION_NAMES, REGIONS, type RegionName } from './region-plan.ts'

const SRV = '203.0.113.10'
const PROBE_NAMES = REGION_NAMES.map((r) => REGIONS[r].location.name)
const locations = PROBE_NAMES

let world: ProbeLab | null = null
const probes = new Map<RegionName, LabProcess>()

beforeAll(async () => {
  world = await startProbeLab({
    suite: 'probe fault lab tests',
    // Shorter waits than production's, so each fault shows within a few seconds.
    siteEnv: { PROBE_LOST_SECONDS: '2', MEASUREMENT_JOB_LOCK_SECONDS: '2' },
  })
  if (!world) return
  for (const region of REGION_NAMES) probes.set(region, world.startProbe(region))
  await waitForProbes(world.sites.a, PROBE_NAMES, 60_000)
}, 240_000)

afterAll(async () => world?.stop())

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** Resolves once a process named `name` runs inside the region's namespace (e.g. the probe's mtr). */
async function waitForProcessIn(lab: ProbeLab['lab'], region: RegionName, name: string, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    for (const pid of await namespacePids(lab.names[region])) {
      const comm = await readFile(`/proc/${pid}/comm`, 'utf8').catch(() => '')
      if (comm.trim() === name) return
    }
    await pause(100)
  }
  throw new Error(`no ${name} process started in ${region} within ${timeoutMs} ms`)
}

describe('probe faults', () => {
  it('refuses a target in the probe’s own private network, as a policy refusal in its row', async (ctx) => {
    if (!world) return ctx.skip()
    const { a } = world.sites
    const gateway = REGIONS.near.gateway.v4
    const id = await createMeasurement(a, {
      tool: 'ping',
      input: gateway,
      options: { count: 1 },
      locations: ['lab-near'],
    })
    const row = rowOf(await waitForMeasurement(a, id), 'near')
    expect(row.status).toBe('finished')
    expect(row.result).toMatchObject({ status: 'failed', failureSource: 'policy' })
    expect(row.result?.error).toMatch(new RegExp(`^${gateway.replaceAll('.', '\\.')} is not allowed: `))
    // It was refused, not measured: the answer holds no reply.
    expect(row.result?.lines.join('\n')).not.toMatch(/bytes from/)
  }, 90_000)

  it('marks the row of a probe killed mid-traceroute probe-lost while the others finish', async (ctx) => {
    if (!world) return ctx.skip()
    const { a, b } = world.sites
    const id = await createMeasurement(a, { tool: 'traceroute', input: SRV, options: { count: 5 }, locations })
    await waitForProcessIn(world.lab, 'far', 'mtr')
    probes.get('far')?.child.kill('SIGKILL')
    const measurement = await waitForMeasurement(b, id)
    const lost = rowOf(measurement, 'far')
    expect(lost.status).toBe('probe-lost')
    expect(lost.error).toBe('Probe lab-far disconnected before it answered')
    for (const region of ['near', 'mid'] as const) {
      expect(rowOf(measurement, region)).toMatchObject({ status: 'finished', result: { status: 'ok' } })
    }
  }, 90_000)

  it('uses a probe again once it has reconnected', async (ctx) => {
    if (!world) return ctx.skip()
    const { a } = world.sites
    await waitForProbeGone(a, 'lab-far')
    probes.set('far', world.startProbe('far'))
    await waitForProbes(a, PROBE_NAMES)
    const id = await createMeasurement(a, { tool: 'ping', input: SRV, options: { count: 1 }, locations: ['lab-far'] })
    const row = rowOf(await waitForMeasurement(a, id), 'far')
    expect(row).toMatchObject({ status: 'finished', result: { status: 'ok' } })
  }, 90_000)

  it('disconnects a probe within seconds of its token being revoked', async (ctx) => {
    if (!world) return ctx.skip()
    const { a, b } = world.sites
    const token = /^ntbp_\S+$/m.exec(await world.probeTokenCommand(['create', 'lab-extra']))?.[0]
    if (!token) throw new Error('probe-token create printed no token')
    const extra = world.startProbe('mid', { token, env: { PROBE_NAME: 'lab-extra' } })
    await waitForProbes(b, ['lab-extra'])
    await world.probeTokenCommand(['revoke', 'lab-extra'])
    await Promise.all([waitForProbeGone(a, 'lab-extra', 10_000), waitForProbeGone(b, 'lab-extra', 10_000)])
    // It stays out: its reconnections are refused, and the probe says why.
    await pause(3000)
    const listed = (await b.request('GET', '/api/probes')).json().probes.map((p: { name: string }) => p.name)
    expect(listed).not.toContain('lab-extra')
    expect(extra.output()).toContain('This probe token is not valid (unknown or revoked)')
  }, 90_000)

  it('lets process B finish a measurement whose process A was killed while it ran', async (ctx) => {
    if (!world) return ctx.skip()
    const { a, b } = world.sites
    const id = await createMeasurement(a, { tool: 'ping', input: SRV, options: { count: 4 }, locations })
    await waitForProcessIn(world.lab, 'far', 'ping')
    const logged = new Map([...probes].map(([region, probe]) => [region, probe.output().length]))
    a.process.child.kill('SIGKILL')
    const measurement = await waitForMeasurement(b, id)
    expect(a.process.child.signalCode).toBe('SIGKILL')
    for (const region of REGION_NAMES) {
      expect(rowOf(measurement, region)).toMatchObject({ status: 'finished', result: { status: 'ok' } })
    }
    // Some probes were connected through A: they lost it mid-measurement and still delivered.
    const cut = [...probes].filter(([region, probe]) =>
      probe.output().slice(logged.get(region)).includes('disconnected from the site'),
    )
    expect(cut.length).toBeGreaterThan(0)
    // They came back through the site's address, to B.
    await waitForProbes(b, PROBE_NAMES)
    const again = await waitForMeasurement(
      b,
      await createMeasurement(b, { tool: 'dns', input: 'srv.lab.test', options: { type: 'A' }, locations }),
    )
    expect(again.results.map((r) => r.status)).toEqual(['finished', 'finished', 'finished'])
  }, 90_000)

  it('keeps serving through a Redis restart: clear 503s meanwhile, measurements again after', async (ctx) => {
    if (!world) return ctx.skip()
    const { b } = world.sites
    await world.redis.stop()
    try {
      const refused = await b.request('POST', '/api/measurements', {
        tool: 'ping',
        input: SRV,
        options: { count: 1 },
        locations,
      })
      expect(refused.status).toBe(503)
      expect(refused.headers['retry-after']).toBeDefined()
      expect(refused.json().error.message).toMatch(/cannot reach its measurement store/)
      // The rest of the site goes on: its health, and a tool run on the site itself.
      expect((await b.request('GET', '/healthz')).status).toBe(200)
      const dns = await b.request('POST', '/api/tools/dns', { input: 'srv.lab.test', options: { type: 'A' } })
      expect(dns.status).toBe(200)
      expect(dns.json().status).toBe('ok')
    } finally {
      await world.redis.start()
    }
    expect(b.process.child.exitCode).toBeNull()
    await waitForProbes(b, PROBE_NAMES, 30_000)
    const after = await waitForMeasurement(
      b,
      await createMeasurement(b, { tool: 'ping', input: SRV, options: { count: 1 }, locations }),
    )
    expect(after.results.map((r) => r.status)).toEqual(['finished', 'finished', 'finished'])
  }, 90_000)
})
