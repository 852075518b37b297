// The input rule in the command line: a pasted URL runs its host, as in the web app and the API, and
// rows of the shared table (src/shared/input-rule.cases.ts) are refused with the site's exact message,
// exit 2, before anything is sent.
import { readFileSync } from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { INPUT_CASES, type InputTool, type Spelling } from '../../src/shared/input-rule.cases.ts'
import type { TestApp } from '../support/app/app.ts'
import { type KnotServer, knotAvailable, startKnot } from '../support/dns/knot.ts'
import { listen } from './cli-world.ts'
import { expectOk } from './expect-ok.ts'
import { type RecordingProxy, startRecordingProxy } from './recording-proxy.ts'
import { cliAt, runCli } from './run-cli.ts'

const zoneText = readFileSync(new URL('../fixtures/served/zones/tls-sites.zone', import.meta.url), 'utf8')

/** Refused rows of the table, each through the command of its tool. */
const REFUSED: [InputTool, Spelling][] = [
  ['dns', 'junk'],
  ['mail', 'junk'],
  ['rdns', 'plainUrl'],
  ['asn', 'empty'],
  ['ssl', 'spacedIpv4'],
  ['ping', 'email'],
]

if (!knotAvailable) console.warn('SKIPPED: CLI input rule tests need knotd (Debian package knot)')

describe.skipIf(!knotAvailable).concurrent('nettoolbox reads input with the shared rule', { timeout: 120_000 }, () => {
  let knot: KnotServer
  let app: TestApp
  let url: string
  /** Whatever reaches it was sent by the refusal test. */
  let untouched: RecordingProxy

  beforeAll(async () => {
    knot = await startKnot([{ origin: 'example.test', text: zoneText }])
    ;({ app, url } = await listen({ DNS_SERVERS: knot.endpoint, TARGET_ALLOW: '127.0.0.0/8' }))
    untouched = await startRecordingProxy(url)
  })
  afterAll(async () => {
    await untouched?.close()
    await app?.close()
    await knot?.stop()
  })

  it('dns with a pasted URL looks up its host', async () => {
    const run = await cliAt(url)(['dns', 'https://user:pw@good.example.test:8443/path?q=1#frag', '-t', 'A', '--json'])
    expectOk(run)
    const answer = JSON.parse(run.stdout)
    expect(answer).toMatchObject({ tool: 'dns', input: 'good.example.test', status: 'ok' })
    expect(answer.result.queries[0].answers[0]).toMatchObject({ type: 'A', value: '127.0.0.11' })
  })

  it("refuses the table's bad rows with the site's message and exit 2, sending nothing", async () => {
    const rows = REFUSED.map(([tool, spelling]) => {
      const row = INPUT_CASES.find((r) => r.tool === tool && r.spelling === spelling)
      if (!row || !('message' in row.expected)) throw new Error(`${tool} ${spelling} is not a refused row`)
      return { tool, input: row.input, message: row.expected.message }
    })
    const runs = await Promise.all(rows.map((row) => runCli(['--server', untouched.url, row.tool, row.input])))
    for (const [index, row] of rows.entries()) {
      expect(runs[index]?.stderr, `${row.tool} ${row.input}`).toBe(`nettoolbox ${row.tool}: ${row.message}\n`)
      expect(runs[index]?.code).toBe(2)
    }
    expect(untouched.seen).toEqual([])
  })
})
