// Probe tokens issued with `npm run probe-token`: a probe connects with one; once it is revoked the
// site disconnects the probe within seconds and refuses it from then on.
import { execFile } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type ServerProcess, startServerProcess } from '../support/app/server-process.ts'
import { type ProbeProcess, startProbeProcess } from '../support/probes/probe-process.ts'

const run = promisify(execFile)
const CLI = path.resolve('src/server/modules/measurements/probe-token-cli.ts')

describe('probe token revocation', () => {
  let dataDir: string
  let site: ServerProcess
  let probe: ProbeProcess | undefined

  const probeToken = (...args: string[]) =>
    run(process.execPath, [CLI, ...args], { env: { PATH: process.env.PATH, DATA_DIR: dataDir, LOG_LEVEL: 'silent' } })
  const listedProbes = async () =>
    ((await (await fetch(`${site.url}/api/probes`)).json()) as { probes: Array<{ id: string }> }).probes.map(
      (p) => p.id,
    )

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'nettoolbox-tokens-'))
    site = await startServerProcess({ DATA_DIR: dataDir, LOCAL_PROBE: 'false' })
  })
  afterAll(async () => {
    await probe?.kill('SIGKILL')
    await site?.kill('SIGTERM')
    await rm(dataDir, { recursive: true, force: true })
  })

  it('an issued token lets the probe in; revoked, the probe is disconnected within 5 s and kept out', async () => {
    const created = await probeToken('create', 'edge-1')
    const token = created.stdout.trim()
    expect(token).toMatch(/^ntbp_[A-Za-z0-9_-]{43}$/)
    probe = await startProbeProcess({ PROBE_SITE_URL: site.url, PROBE_TOKEN: token })
    expect(await listedProbes()).toEqual(['edge-1'])

    const revoked = await probeToken('revoke', 'edge-1')
    const revokedAt = performance.now()
    expect(revoked.stdout).toContain('Revoked the token of probe "edge-1"')
    await probe.waitForLog('disconnected from the site', 10_000)
    expect(performance.now() - revokedAt).toBeLessThanOrEqual(5000)

    const refused = await probe.waitForLog('cannot connect to the site', 20_000)
    expect(refused.error).toBe('This probe token is not valid (unknown or revoked)')
    expect(await listedProbes()).toEqual([])
    expect((await probeToken('list')).stdout).toMatch(/^edge-1\tcreated \S+\trevoked \S+$/m)
  }, 120_000)

  it('a second token of the same name is refused while the first is active', async () => {
    await probeToken('create', 'edge-2')
    await expect(probeToken('create', 'edge-2')).rejects.toMatchObject({
      stderr: expect.stringContaining('A probe token named "edge-2" exists; revoke it first.'),
    })
  }, 60_000)
})
