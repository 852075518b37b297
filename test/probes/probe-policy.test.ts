// A probe applies its own target policy: loopback, private and metadata addresses are refused unless
// its own PROBE_TARGET_ALLOW lists them, whatever the site allows. Two probes of one site check the
// same loopback web server: the one that allows loopback reaches it, the other refuses.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type RunningServer, startHttpServer } from '../support/app/http-server.ts'
import { submitMeasurement, waitForMeasurement } from '../support/probes/measurements.ts'
import { type PlainSite, startPlainSite } from '../support/probes/plain-site.ts'
import { type ProbeProcess, startProbeProcess } from '../support/probes/probe-process.ts'

describe('the probe target policy', () => {
  let site: RunningServer
  let target: PlainSite
  const probes: ProbeProcess[] = []

  beforeAll(async () => {
    target = await startPlainSite()
    site = await startHttpServer({
      WEB_DIST: 'dist/none',
      LOCAL_PROBE: 'false',
      // The site itself allows loopback: the probes must not inherit it.
      TARGET_ALLOW: '127.0.0.0/8',
      PROBE_TOKENS: 'open:open-token-0123456789,closed:closed-token-0123456789',
    })
    probes.push(
      await startProbeProcess({
        PROBE_SITE_URL: site.url,
        PROBE_TOKEN: 'open-token-0123456789',
        PROBE_TARGET_ALLOW: '127.0.0.0/8',
      }),
      await startProbeProcess({ PROBE_SITE_URL: site.url, PROBE_TOKEN: 'closed-token-0123456789' }),
    )
  })
  afterAll(async () => {
    await Promise.all(probes.map((probe) => probe.kill('SIGKILL')))
    await site?.close()
    await target?.close()
  })

  it('a probe refuses loopback unless its own PROBE_TARGET_ALLOW lists it', async () => {
    const created = await submitMeasurement(site.url, {
      tool: 'website-check',
      input: target.url,
      locations: ['open', 'closed'],
    })
    expect(created.status).toBe(202)
    const done = await waitForMeasurement(site.url, created.body.id)
    const byProbe = Object.fromEntries(done.results.map((row) => [row.probe.name, row]))
    expect(byProbe.open?.status).toBe('finished')
    expect(byProbe.open?.result?.status).toBe('ok')
    expect(byProbe.closed?.status).toBe('finished')
    expect(byProbe.closed?.result).toMatchObject({ status: 'failed', failureSource: 'policy' })
    expect(byProbe.closed?.result?.error).toContain('127.0.0.1 is not allowed')
  })

  it.each([
    ['a private network', 'http://10.20.30.40/', 'private network'],
    ['the cloud metadata address', 'http://169.254.169.254/', 'link-local'],
  ])('a probe refuses %s', async (_what, input, range) => {
    const created = await submitMeasurement(site.url, { tool: 'website-check', input, locations: ['closed'] })
    const done = await waitForMeasurement(site.url, created.body.id)
    expect(done.results[0]?.result).toMatchObject({ status: 'failed', failureSource: 'policy' })
    expect(done.results[0]?.result?.error).toContain(range)
  })
})
