// Per-client rate limits through the real app (memory store): tool budgets per address (IPv6 by
// /64) and per account, the account API, analytics events, phone lookups and speed-test bytes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadConfig } from '../../src/server/config.ts'
import { latestOutboxMail, signInWrongly, signUpVerified } from '../support/app/accounts.ts'
import { createTestApp, type TestApp } from '../support/app/app.ts'
import { checkTool } from '../support/app/check-tool.ts'

type Inject = Awaited<ReturnType<TestApp['app']['inject']>>

const runTool = (t: TestApp, tool: string, input: string, remoteAddress: string) =>
  checkTool(t, tool, input, { remoteAddress })

/** Asserts a 429 whose Retry-After matches the seconds the message names, and returns the message. */
function refusedMessage(res: Inject): string {
  expect(res.statusCode).toBe(429)
  const retryAfter = Number(res.headers['retry-after'])
  expect(retryAfter).toBeGreaterThanOrEqual(1)
  expect(retryAfter).toBeLessThanOrEqual(60)
  const body = res.json()
  const message: string = body.error?.message ?? body.error
  expect(message.endsWith(`Try again in ${retryAfter} s.`)).toBe(true)
  return message
}

describe('limits are on by default', () => {
  it('loadConfig() without settings has the documented limits of a public site', () => {
    expect(loadConfig({}).limits).toEqual({
      toolsPerMinute: 60,
      expensivePerMinute: 20,
      authPerMinute: 30,
      eventsPerMinute: 120,
      speedBytesPerMinute: 4_000_000_000,
      concurrentRuns: 64,
      concurrentPerTool: 16,
      concurrentPerClient: 4,
      queuePerTool: 32,
      queueMaxWaitMs: 60_000,
      concurrencyLeaseMs: 30_000,
      runCostSeconds: 10,
      ipv6SubnetsPer48: 8,
      token: { toolsPerMinute: 300, expensivePerMinute: 100 },
    })
  })
})

describe('tool runs per address', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_TOOLS_PER_MINUTE: '4', RATE_LIMIT_EXPENSIVE_PER_MINUTE: '6' })
  })
  afterAll(async () => t?.close())

  it('refuses the run after the budget with 429, Retry-After and the one error shape; other addresses go on', async () => {
    for (let i = 0; i < 4; i++) expect((await runTool(t, 'whatismyip', '', '127.0.0.5')).statusCode).toBe(200)
    const refused = await runTool(t, 'whatismyip', '', '127.0.0.5')
    expect(refusedMessage(refused)).toMatch(/^Too many tool runs from your address\. Try again in \d+ s\.$/)
    expect(refused.json().error.type).toBe('rate_limited')
    expect((await runTool(t, 'whatismyip', '', '127.0.0.6')).statusCode).toBe(200)
  })

  it('counts the addresses of one IPv6 /64 together and another /64 apart', async () => {
    for (const address of ['2001:db8:7:1::1', '2001:db8:7:1::2', '2001:db8:7:1::abcd', '2001:db8:7:1:1:2:3:4']) {
      expect((await runTool(t, 'whatismyip', '', address)).statusCode).toBe(200)
    }
    expect((await runTool(t, 'whatismyip', '', '2001:db8:7:1:ffff::9')).statusCode).toBe(429)
    expect((await runTool(t, 'whatismyip', '', '2001:db8:7:2::1')).statusCode).toBe(200)
  })

  it('charges expensive tools their cost: two traceroutes use up 6 units, the refusal names the tool, cheap tools go on', async () => {
    // 169.254.169.254 is denied by the target policy: the runs end at once, but they still count.
    expect((await runTool(t, 'traceroute', '169.254.169.254', '127.0.0.7')).json().failureSource).toBe('policy')
    expect((await runTool(t, 'traceroute', '169.254.169.254', '127.0.0.7')).statusCode).toBe(200)
    const refused = await runTool(t, 'traceroute', '169.254.169.254', '127.0.0.7')
    expect(refusedMessage(refused)).toMatch(/^Too many Traceroute runs from your address\./)
    // Three of the four general runs are used (the refused one counted too): one cheap run is left.
    expect((await runTool(t, 'whatismyip', '', '127.0.0.7')).statusCode).toBe(200)
    expect((await runTool(t, 'whatismyip', '', '127.0.0.7')).statusCode).toBe(429)
  })
})

describe('client addresses behind a proxy', () => {
  let direct: TestApp
  let proxied: TestApp
  beforeAll(async () => {
    direct = await createTestApp({ RATE_LIMIT_TOOLS_PER_MINUTE: '1' })
    proxied = await createTestApp({ RATE_LIMIT_TOOLS_PER_MINUTE: '1', TRUST_PROXY: '127.0.0.1' })
  })
  afterAll(async () => {
    await direct?.close()
    await proxied?.close()
  })

  const runFrom = (t: TestApp, forwardedFor: string) =>
    checkTool(t, 'whatismyip', '', { remoteAddress: '127.0.0.1', headers: { 'x-forwarded-for': forwardedFor } })

  it('counts each forwarded client apart when the proxy is trusted (TRUST_PROXY)', async () => {
    expect((await runFrom(proxied, '198.51.100.1')).statusCode).toBe(200)
    expect((await runFrom(proxied, '198.51.100.1')).statusCode).toBe(429)
    expect((await runFrom(proxied, '198.51.100.2')).statusCode).toBe(200)
  })

  it('ignores X-Forwarded-For from an untrusted peer, so forging it does not escape the limit', async () => {
    expect((await runFrom(direct, '198.51.100.1')).statusCode).toBe(200)
    expect((await runFrom(direct, '198.51.100.2')).statusCode).toBe(429)
  })
})

describe('tool runs per signed-in account', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_TOOLS_PER_MINUTE: '3' })
  })
  afterAll(async () => t?.close())

  it('counts one account across addresses and says so', async () => {
    const ida = await signUpVerified(t.app, 'ida@example.test', 'ida-secret-1', (a) => latestOutboxMail(t.dataDir, a))
    const run = (remoteAddress: string) => checkTool(ida.request, 'whatismyip', '', { remoteAddress })
    for (const address of ['127.0.3.1', '127.0.3.2', '127.0.3.3']) expect((await run(address)).statusCode).toBe(200)
    const refused = await run('127.0.3.4')
    expect(refusedMessage(refused)).toMatch(/^Too many tool runs from your account\./)
    expect((await runTool(t, 'whatismyip', '', '127.0.3.4')).statusCode).toBe(200)
  })
})

describe('account API per address', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_AUTH_PER_MINUTE: '2' })
  })
  afterAll(async () => t?.close())

  const signIn = (email: string, remoteAddress: string) => signInWrongly(t.app, email, remoteAddress)

  it('refuses mutating requests over the budget in both our shape and the one better-auth clients read', async () => {
    expect((await signIn('a@example.test', '127.0.4.1')).statusCode).toBe(401)
    expect((await signIn('b@example.test', '127.0.4.1')).statusCode).toBe(401)
    const refused = await signIn('c@example.test', '127.0.4.1')
    const message = refusedMessage(refused)
    expect(message).toMatch(/^Too many account requests from your address\./)
    expect(refused.json()).toEqual({ error: { type: 'rate_limited', message }, code: 'TOO_MANY_REQUESTS', message })
    expect((await signIn('c@example.test', '127.0.4.2')).statusCode).toBe(401)
  })

  it('never limits reading the session', async () => {
    for (let i = 0; i < 5; i++) {
      const res = await t.app.inject({ url: '/api/auth/get-session', remoteAddress: '127.0.4.1' })
      expect(res.statusCode).toBe(200)
    }
  })
})

describe('events, phone lookups and speed-test bytes per address', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp({
      RATE_LIMIT_EVENTS_PER_MINUTE: '2',
      RATE_LIMIT_TOOLS_PER_MINUTE: '1',
      SPEED_BYTES_PER_MINUTE: '1000000',
    })
  })
  afterAll(async () => t?.close())

  it('limits analytics events', async () => {
    const send = () =>
      t.app.inject({ method: 'POST', url: '/api/events', payload: { name: 'page_view' }, remoteAddress: '127.0.5.1' })
    expect((await send()).statusCode).toBe(204)
    expect((await send()).statusCode).toBe(204)
    expect(refusedMessage(await send())).toMatch(/^Too many analytics events from your address\./)
  })

  it('answers a refused phone lookup as { success: false, error } like every phone lookup answer', async () => {
    const lookUp = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/phone-lookup',
        payload: { phoneNumber: '+14155550123' },
        remoteAddress: '127.0.5.2',
      })
    expect((await lookUp()).statusCode).toBe(200)
    const refused = await lookUp()
    expect(refused.json()).toEqual({ success: false, error: refusedMessage(refused) })
    expect(refused.json().error).toMatch(/^Too many phone lookups from your address\./)
  })

  it('counts downloaded and uploaded bytes together and refuses the transfer that would pass the budget', async () => {
    const down = (bytes: number) => t.app.inject({ url: `/api/speed/down?bytes=${bytes}`, remoteAddress: '127.0.5.3' })
    const up = (bytes: number, remoteAddress = '127.0.5.3') =>
      t.app.inject({ method: 'POST', url: '/api/speed/up', payload: Buffer.alloc(bytes), remoteAddress })
    expect((await down(600_000)).rawPayload.length).toBe(600_000)
    expect((await up(300_000)).json()).toMatchObject({ bytes: 300_000 })
    const refused = await down(200_000)
    expect(refusedMessage(refused)).toMatch(/^Too much speed-test traffic from your address\./)
    expect(refused.rawPayload.length).toBeLessThan(200_000)
    expect((await up(200_000)).statusCode).toBe(429)
    expect((await up(200_000, '127.0.5.4')).statusCode).toBe(200)
  })
})
