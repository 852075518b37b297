// --from: a tool command run as a measurement by the probes at the places named, followed over the
// measurement's event stream. The site's own probe ("local") stands in for a probe elsewhere.
import { readFileSync } from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { TestApp } from '../support/app/app.ts'
import { type KnotServer, knotAvailable, startKnot } from '../support/dns/knot.ts'
import { listen } from './cli-world.ts'
import { cliAt } from './run-cli.ts'

const zoneText = readFileSync(new URL('../fixtures/served/zones/tls-sites.zone', import.meta.url), 'utf8')

if (!knotAvailable) console.warn('SKIPPED: CLI location tests need knotd (Debian package knot)')

describe.skipIf(!knotAvailable)('nettoolbox --from', { timeout: 120_000 }, () => {
  let knot: KnotServer
  let app: TestApp
  let cli: ReturnType<typeof cliAt>

  beforeAll(async () => {
    knot = await startKnot([{ origin: 'example.test', text: zoneText }])
    const started = await listen({ DNS_SERVERS: knot.endpoint })
    app = started.app
    cli = cliAt(started.url)
  })
  afterAll(async () => {
    await app?.close()
    await knot?.stop()
  })

  it('prints each probe’s answer under a heading naming where it was measured, and exits 0', async () => {
    const run = await cli(['dns', 'good.example.test', '--type', 'a', '--from', 'local'])
    expect(run.stderr).toBe('')
    expect(run.code).toBe(0)
    const lines = run.stdout.split('\n')
    expect(lines[0]).toMatch(/^--- .+ \(this server\) ---$/)
    expect(lines.some((line) => /good\.example\.test\.\s+300\s+IN\s+A\s+127\.0\.0\.11/.test(line))).toBe(true)
  })

  it('--json prints the finished measurement with its rows and run id', async () => {
    const run = await cli(['--json', 'dns', 'missing.example.test', '-t', 'A', '--from', 'local'])
    const measurement = JSON.parse(run.stdout)
    expect(measurement).toMatchObject({ tool: 'dns', input: 'missing.example.test', status: 'finished' })
    expect(measurement.locations).toEqual(['local'])
    expect(measurement.runId).toEqual(expect.any(String))
    expect(measurement.results).toHaveLength(1)
    expect(measurement.results[0]).toMatchObject({
      probe: { local: true },
      status: 'finished',
      result: { status: 'failed', failureSource: 'target' },
    })
    expect(run.code).toBe(1)
  })

  it('refuses a place no probe matches with the server’s message, and --limit without --from', async () => {
    const [nowhere, limitAlone, tool] = await Promise.all([
      cli(['ping', '127.0.0.1', '--from', 'Atlantis']),
      cli(['dns', 'good.example.test', '--limit', '2']),
      cli(['whois', 'example.test', '--from', 'local']),
    ])
    expect(nowhere.code).toBe(2)
    expect(nowhere.stderr).toMatch(/^The server refused the request \(HTTP \d{3}\): .*Atlantis/)
    expect(limitAlone.code).toBe(2)
    expect(limitAlone.stderr).toBe('nettoolbox dns: --limit counts probes per place: use it with --from\n')
    expect(tool.code).toBe(2)
    expect(tool.stderr).toContain("unknown option '--from'")
  })
})
