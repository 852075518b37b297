// The command line's contract, run as a real process: exit codes 0/1/2 and whose failure each is,
// --json, --share, --server and NETTOOLBOX_URL, --token and NETTOOLBOX_TOKEN, --timeout, and the
// `npx nettoolbox` entry of a checkout.
import { readFileSync } from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { TestApp } from '../support/app/app.ts'
import { type KnotServer, knotAvailable, startKnot } from '../support/dns/knot.ts'
import { type StubDns, startStubDns } from '../support/dns/stub-dns.ts'
import { type HoldingServer, startHoldingServer } from '../support/net/holding-server.ts'
import { freePort } from '../support/net/ports.ts'
import { listen } from './cli-world.ts'
import { expectOk } from './expect-ok.ts'
import { type RecordingProxy, startRecordingProxy } from './recording-proxy.ts'
import { cliAt, runCli } from './run-cli.ts'

const zoneText = readFileSync(new URL('../fixtures/served/zones/tls-sites.zone', import.meta.url), 'utf8')

if (!knotAvailable) console.warn('SKIPPED: CLI behaviour tests need knotd (Debian package knot)')

describe.skipIf(!knotAvailable).concurrent('nettoolbox command line', { timeout: 120_000 }, () => {
  let knot: KnotServer
  let app: TestApp
  let url: string
  /** An app whose own resolver refuses every question and that allows one tool run a minute. */
  let strict: { app: TestApp; url: string }
  let refusing: StubDns
  let proxy: RecordingProxy
  /** A proxy only the bad-input test uses: whatever reaches it was sent by that test. */
  let untouched: RecordingProxy
  let holding: HoldingServer
  let closedPort: number
  let cli: ReturnType<typeof cliAt>

  beforeAll(async () => {
    knot = await startKnot([{ origin: 'example.test', text: zoneText }])
    ;({ app, url } = await listen({ DNS_SERVERS: knot.endpoint, TARGET_ALLOW: '127.0.0.0/8' }))
    // A resolver that refuses at once: the server's own failure, without waiting out a silent one.
    refusing = await startStubDns('REFUSED')
    strict = await listen({
      DNS_SERVERS: refusing.endpoint,
      RATE_LIMIT_TOOLS_PER_MINUTE: '1',
    })
    proxy = await startRecordingProxy(url)
    untouched = await startRecordingProxy(url)
    holding = await startHoldingServer()
    closedPort = await freePort()
    cli = cliAt(url)
  })
  afterAll(async () => {
    holding?.release()
    await holding?.close()
    await proxy?.close()
    await untouched?.close()
    await strict?.app.close()
    await refusing?.stop()
    await app?.close()
    await knot?.stop()
  })

  const requestsFor = (path: string) => proxy.seen.filter((r) => r.path === path)

  it('--json prints the whole answer, with the run id, and exits 0', async () => {
    const run = await cli(['dns', 'good.example.test', '--type', 'A', '--json'])
    expectOk(run)
    const answer = JSON.parse(run.stdout)
    expect(answer).toMatchObject({ tool: 'dns', input: 'good.example.test', status: 'ok' })
    expect(answer.result.queries[0].answers[0]).toMatchObject({ type: 'A', value: '127.0.0.11', ttl: 300 })
    expect(answer.runId).toEqual(expect.any(String))
  })

  it('takes record types in any case and as TYPE<number>, as dig and the web app do', async () => {
    const [lower, generic] = await Promise.all([
      cli(['dns', 'good.example.test', '--type', 'a', '--json']),
      cli(['dns', 'good.example.test', '-t', 'TYPE1', '--json']),
    ])
    for (const run of [lower, generic]) {
      expectOk(run)
      const answer = JSON.parse(run.stdout)
      expect(answer.result.queries[0].type).toBe('A')
      expect(answer.result.queries[0].answers[0]).toMatchObject({ type: 'A', value: '127.0.0.11' })
    }
  })

  it('--json of a target failure prints the failed answer and exits 1', async () => {
    const run = await cli(['--json', 'dns', 'missing.example.test', '-t', 'A'])
    expect(run.code).toBe(1)
    expect(JSON.parse(run.stdout)).toMatchObject({ status: 'failed', failureSource: 'target' })
  })

  it('a target the server may not probe is a refusal by policy: exit 2', async () => {
    const run = await cli(['ping', '10.0.0.1'])
    expect(run.code).toBe(2)
    expect(run.stdout).toBe('')
    expect(run.stderr).toBe(
      "Failed (refused by the server's target policy): 10.0.0.1 is not allowed: private network (RFC 1918)\n",
    )
  })

  it('bad input is refused before anything is sent: exit 2 with the site message', async () => {
    const runs = await Promise.all([
      runCli(['--server', untouched.url, 'dns', 'not a domain']),
      runCli(['--server', untouched.url, 'ping', 'example.test', '--count', '50']),
      runCli(['--server', untouched.url, 'dns', 'example.test', '--type', 'BOGUS']),
      runCli(['--server', untouched.url, 'ping', 'example.test', '--count', 'three']),
      runCli(['--server', untouched.url, 'dns']),
      runCli(['--server', 'ftp://example.test', 'whatismyip']),
    ])
    expect(runs.map((r) => r.code)).toEqual([2, 2, 2, 2, 2, 2])
    expect(runs[0]?.stderr).toBe('nettoolbox dns: Invalid domain format\n')
    expect(runs[1]?.stderr).toBe('nettoolbox ping: --count: Count must be 1 to 10\n')
    expect(runs[2]?.stderr).toBe(
      'nettoolbox dns: --type: Unknown record type "BOGUS": use a type name such as A, MX or HTTPS, or TYPE followed by its number (1-65535)\n',
    )
    expect(runs[3]?.stderr).toContain("argument 'three' is invalid. must be a whole number")
    expect(runs[4]?.stderr).toContain("missing required argument 'domain'")
    expect(runs[5]?.stderr).toContain('must be http or https')
    expect(untouched.seen).toEqual([])
  })

  it("the server's own failure and its rate limit both exit 2, each said as such", async () => {
    const first = await runCli(['--server', strict.url, 'dns', 'example.test', '-t', 'A'])
    expect(first.code).toBe(2)
    expect(first.stderr).toMatch(/^Failed \(the NetToolbox server's side failed, not the target\): .*resolver/m)
    const limited = await runCli(['--server', strict.url, 'dns', 'example.test', '-t', 'A'])
    expect(limited.code).toBe(2)
    expect(limited.stderr).toMatch(/^The server refused the request \(HTTP 429\): .+\(try again in \d+ s\)\n$/)
  })

  it('a server that cannot be reached exits 2 and names it', async () => {
    const run = await runCli(['--server', `http://127.0.0.1:${closedPort}`, 'whatismyip'])
    expect(run.code).toBe(2)
    expect(run.stderr).toBe(`Cannot reach http://127.0.0.1:${closedPort}: connection refused\n`)
  })

  it('--timeout gives up on a server that does not answer, exit 2', async () => {
    const run = await runCli(['--server', `http://127.0.0.1:${holding.port}`, '--timeout', '1', 'whatismyip'])
    expect(run.code).toBe(2)
    expect(run.stderr).toBe(`No answer from http://127.0.0.1:${holding.port} within 1 s (--timeout)\n`)
  })

  it('NETTOOLBOX_URL names the server, and --server wins over it', async () => {
    const fromEnv = await runCli(['dns', 'good.example.test', '-t', 'A'], { env: { NETTOOLBOX_URL: proxy.url } })
    expect(fromEnv.code).toBe(0)
    expect(fromEnv.stdout).toContain('good.example.test.\t300\tIN\tA\t127.0.0.11')
    const overridden = await runCli(['--server', proxy.url, 'dns', 'good.example.test', '-t', 'A'], {
      env: { NETTOOLBOX_URL: `http://127.0.0.1:${closedPort}` },
    })
    expect(overridden.code).toBe(0)
    const dnsRuns = requestsFor('/api/tools/dns').filter((r) => r.accept === 'text/event-stream')
    expect(dnsRuns.length).toBeGreaterThanOrEqual(2)
  })

  it('without --server or NETTOOLBOX_URL the server is http://localhost:8080', async () => {
    const help = await runCli(['--help'])
    expect(help.code).toBe(0)
    expect(help.stdout).toMatch(
      /--server <url> +NetToolbox server to ask \(default:\s+"http:\/\/localhost:8080", env: NETTOOLBOX_URL\)/,
    )
  })

  it('--token and NETTOOLBOX_TOKEN are sent as a bearer token; a token the server does not know exits 2', async () => {
    const given = await runCli(['--server', proxy.url, '--token', 'flag-token-1', 'whatismyip'])
    const fromEnv = await runCli(['--server', proxy.url, 'whatismyip'], { env: { NETTOOLBOX_TOKEN: 'env-token-2' } })
    const none = await runCli(['--server', proxy.url, 'whatismyip'])
    const auth = requestsFor('/api/tools/whatismyip').map((r) => r.authorization)
    expect(auth).toEqual(expect.arrayContaining(['Bearer flag-token-1', 'Bearer env-token-2', undefined]))
    expect(none.code).toBe(0)
    for (const run of [given, fromEnv]) {
      expect(run.code).toBe(2)
      expect(run.stderr).toMatch(/^The server refused the request \(HTTP 401\): ./)
    }
  })

  it('--share prints a permalink that opens the same answer', async () => {
    const run = await cli(['dns', 'good.example.test', '-t', 'A', '--share'])
    expectOk(run)
    const link = /^Permalink: (http:\/\/127\.0\.0\.1:\d+\/r\/([\w-]{22}))$/m.exec(run.stdout)
    expect(link?.[1]?.startsWith(`${url}/r/`)).toBe(true)
    expect(run.stdout).toMatch(/^Unshare: curl -X DELETE '.+\/api\/results\/[\w-]{22}\?deleteToken=.+'$/m)
    const shared = await fetch(`${url}/api/results/${link?.[2]}`).then((r) => r.json())
    expect(shared).toMatchObject({ tool: 'dns', input: 'good.example.test', status: 'ok' })
    expect(shared.lines).toContain('good.example.test.\t300\tIN\tA\t127.0.0.11')
  })

  it('--share --json adds the share to the answer', async () => {
    const run = await cli(['--json', '--share', 'whatismyip'])
    expectOk(run)
    const answer = JSON.parse(run.stdout)
    expect(answer.share).toMatchObject({ id: expect.any(String), url: `${url}/r/${answer.share.id}` })
  })

  it('runs as `npx nettoolbox` from a checkout', async () => {
    const run = await runCli(['--server', url, 'dns', 'good.example.test', '-t', 'A'], {
      command: ['npx', '--no-install', 'nettoolbox'],
    })
    // npx adds npm's own warnings on stderr: the exit code and the output are what count.
    expect(run.code, run.stderr).toBe(0)
    expect(run.stdout).toContain('good.example.test.\t300\tIN\tA\t127.0.0.11')
  })
})
