// An API token made on the dashboard, given to the CLI: its runs are the account's (saved to its
// history), and a revoked token is refused.
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type BrowserLikeClient, latestOutboxMail, signUpVerified } from '../support/app/accounts.ts'
import { createTestApp, type TestApp } from '../support/app/app.ts'
import { expectOk } from './expect-ok.ts'
import { runCli } from './run-cli.ts'

describe('nettoolbox --token with a real API token', { timeout: 120_000 }, () => {
  let t: TestApp
  let url: string
  let alice: BrowserLikeClient

  beforeAll(async () => {
    t = await createTestApp({ DNS_SERVERS: '127.0.0.1:9' })
    await t.app.listen({ host: '127.0.0.1', port: 0 })
    url = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`
    alice = await signUpVerified(t.app, 'alice@example.test', 'alice-secret', (a) => latestOutboxMail(t.dataDir, a))
  })
  afterAll(async () => {
    await t?.close()
  })

  it("runs as the token's account: the run is saved to its history; once revoked the token is refused", async () => {
    const created = await alice.post('/api/tokens', { name: 'cli test' })
    expect(created.statusCode).toBe(201)
    const { id, token } = created.json() as { id: string; token: string }

    const run = await runCli(['--json', 'geolocation', '1.1.1.1'], {
      env: { NETTOOLBOX_URL: url, NETTOOLBOX_TOKEN: token },
    })
    expectOk(run)
    expect(JSON.parse(run.stdout)).toMatchObject({ tool: 'geolocation', status: 'ok', saved: true })
    const history = await fetch(`${url}/api/history`, { headers: { authorization: `Bearer ${token}` } })
    const items = ((await history.json()) as { items: Array<{ toolName: string; inputValue: string | null }> }).items
    expect(items.map((i) => `${i.toolName} ${i.inputValue}`)).toContain('geolocation 1.1.1.1')

    expect((await alice.request({ method: 'DELETE', url: `/api/tokens/${id}` })).statusCode).toBe(204)
    const refused = await runCli(['--server', url, '--token', token, 'geolocation', '1.1.1.1'])
    expect(refused.code).toBe(2)
    expect(refused.stderr).toMatch(/^The server refused the request \(HTTP 401\): /)
  })
})
