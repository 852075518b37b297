// Property tests over every API route's input: arbitrary JSON, control characters, huge strings,
// wrong types and prototype-pollution keys never cause a 500, every answer has its documented
// shape, and a tool's binary is only ever started with "--" and a policy-checked IP literal last.
// Fixed seed (FUZZ_SEED overrides it; FUZZ_SCALE multiplies the runs for a deeper search);
// fast-check prints the seed and the counterexample on failure.
import fc from 'fast-check'
import type { LightMyRequestResponse } from 'fastify'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { parseIpLiteral } from '../../src/diagnostics/net/ip-literal.ts'
import { createTargetPolicy } from '../../src/diagnostics/net/policy.ts'
import { createRegistry, type Registry } from '../../src/diagnostics/registry.ts'
import { loadConfig } from '../../src/server/config.ts'
import { TOOL_IDS } from '../../src/shared/catalogue.ts'
import { phoneLookupAnswer } from '../../src/shared/tools/phone/schema.ts'
import { speedSaveAnswer } from '../../src/shared/tools/speedtest/schema.ts'
import { errorBody, toolResponse } from '../../src/shared/tools/tool-answer.ts'
import { type BrowserLikeClient, createClient, latestOutboxMail, signUpVerified } from '../support/app/accounts.ts'
import { createTestApp, type TestApp } from '../support/app/app.ts'
import { type StubDns, startStubDns } from '../support/dns/stub-dns.ts'
import { freePort } from '../support/net/ports.ts'
import { anyField, bodyWith, FUZZ_ALLOWED, hostileString, toolBody } from './fuzz-inputs.ts'

// The fence denies public addresses even where the policy allows them: fuzzed literals are never sent.
const fence = vi.hoisted(() => ({ breaches: [] as string[] }))
const spawns = vi.hoisted(() => ({ calls: [] as { file: string; args: string[] }[], fake: true }))
vi.mock('node:child_process', async (importOriginal) => {
  const { recordSpawnsModule } = await import('../support/net/egress-fence.ts')
  return recordSpawnsModule(await importOriginal(), spawns)
})
vi.mock('../../src/diagnostics/net/policy.ts', async (importOriginal) => {
  const { fencePolicyModule } = await import('../support/net/egress-fence.ts')
  return fencePolicyModule(await importOriginal(), fence)
})

const SEED = Number(process.env.FUZZ_SEED ?? 20_260_401)
const SCALE = Number(process.env.FUZZ_SCALE ?? 1)
const ALLOW = '127.0.0.128/26'
const run = <Ts extends [unknown, ...unknown[]]>(
  property: fc.IAsyncProperty<Ts>,
  numRuns: number,
  examples: Ts[] = [],
) => fc.assert(property, { seed: SEED, numRuns: Math.ceil(numRuns * SCALE), examples })

const prototypeNames = Object.getOwnPropertyNames(Object.prototype).sort()

/** Never a 5xx; errors in our one shape; the prototype of every object untouched. */
function expectErrorShape(res: LightMyRequestResponse) {
  expect(res.statusCode).toBeLessThan(500)
  expect(errorBody.safeParse(res.json()).success).toBe(true)
}

const checkedPolicy = createTargetPolicy({ allow: [ALLOW], ownAddresses: [] })

/** A launch of ping or mtr: "--" then an IP literal in canonical form that the policy allows, nothing odd. */
function expectCheckedLaunch(args: string[]) {
  expect(args.at(-2)).toBe('--')
  const last = args.at(-1) ?? ''
  expect(parseIpLiteral(last)?.address).toBe(last)
  expect(checkedPolicy.check(last).allowed).toBe(true)
  for (const arg of args) expect(arg).toMatch(/^[-\w.:]+$/)
}

function expectUnpolluted() {
  expect(Object.getOwnPropertyNames(Object.prototype).sort()).toEqual(prototypeNames)
  expect(({} as Record<string, unknown>).polluted).toBeUndefined()
}

describe('API input fuzzing', () => {
  let t: TestApp
  let stub: StubDns
  let registry: Registry
  let member: BrowserLikeClient

  beforeAll(async () => {
    stub = await startStubDns()
    const closed = await freePort(FUZZ_ALLOWED)
    const env = {
      TARGET_ALLOW: ALLOW,
      DNS_SERVERS: stub.endpoint,
      WHOIS_SERVER: `${FUZZ_ALLOWED}:${closed}`,
      RDAP_BOOTSTRAP_URL: `http://${FUZZ_ALLOWED}:${closed}/`,
      MAIL_TEST_PORT: String(closed),
      SPEED_MAX_BYTES: '65536',
      RATE_LIMIT_TOOLS_PER_MINUTE: '1000000',
      RATE_LIMIT_EXPENSIVE_PER_MINUTE: '1000000',
      RATE_LIMIT_AUTH_PER_MINUTE: '1000000',
      RATE_LIMIT_EVENTS_PER_MINUTE: '1000000',
    }
    t = await createTestApp(env)
    registry = createRegistry(loadConfig({ ...env, DATA_DIR: t.dataDir }))
    member = await signUpVerified(t.app, 'fuzz@example.test', 'fuzzing-password-1', (to) =>
      latestOutboxMail(t.dataDir, to),
    )
  })
  afterAll(async () => {
    await t?.close()
    await stub?.stop()
  })

  const send = (method: 'POST' | 'GET' | 'DELETE', url: string, payload?: string) =>
    t.app.inject({ method, url, payload, headers: payload === undefined ? {} : { 'content-type': 'application/json' } })

  it.each(TOOL_IDS.map((id) => [id]))(
    'POST /api/tools/%s answers 200 in the tool shape or 4xx in the error shape',
    async (id) => {
      const diagnostic = registry[id]
      if (!diagnostic) throw new Error(`${id} is not registered`)
      const answerShape = toolResponse(id, diagnostic.result)
      const allowedInput = JSON.stringify({ input: id === 'website-check' ? `http://${FUZZ_ALLOWED}/` : FUZZ_ALLOWED })
      const launchedBefore = spawns.calls.length
      await run(
        fc.asyncProperty(toolBody, async (body) => {
          const before = spawns.calls.length
          const res = await send('POST', `/api/tools/${id}`, body)
          if (res.statusCode === 200) expect(answerShape.safeParse(res.json()).error).toBeUndefined()
          else expectErrorShape(res)
          for (const { args } of spawns.calls.slice(before)) expectCheckedLaunch(args)
          expectUnpolluted()
        }),
        40,
        [[allowedInput]],
      )
      const launched = spawns.calls.slice(launchedBefore).map((c) => c.file)
      if (id === 'ping' || id === 'traceroute') expect(launched).toContain(id === 'ping' ? 'ping' : 'mtr')
      else expect(launched).toEqual([])
    },
  )

  it('answers a body nested thousands of levels deep with 400 and a clear message on every JSON route', async () => {
    const deep = (levels: number) => `${'['.repeat(levels)}${']'.repeat(levels)}`
    const routes = [
      ...TOOL_IDS.map((id) => `/api/tools/${id}`),
      '/api/tools/no-such-tool',
      '/api/events',
      '/api/phone-lookup',
      '/api/phone-reports',
      '/api/speed/result',
      '/api/auth/sign-up/email',
      '/api/auth/sign-in/email',
      '/api/auth/change-password',
      '/api/auth/request-password-reset',
    ]
    const bodies = [deep(5000), `{"input":${deep(40)}}`, `{"email":"a@example.test","password":${deep(5000)}}`]
    for (const url of routes) {
      for (const payload of bodies) {
        for (const client of [undefined, member]) {
          const res = client
            ? await client.request({ method: 'POST', url, payload, headers: { 'content-type': 'application/json' } })
            : await send('POST', url, payload)
          const message = 'The request body is nested too deeply (at most 32 levels).'
          expect(res.statusCode, `${url} ${payload.slice(0, 20)}`).toBe(400)
          // The phone lookup answers { success, error } in every case.
          expect(res.json()).toEqual(
            url === '/api/phone-lookup'
              ? { success: false, error: message }
              : { error: { type: 'bad_request', message } },
          )
        }
      }
    }
  })

  it('POST /api/tools/:id with an unknown id answers 404 in the error shape', async () => {
    await run(
      fc.asyncProperty(fc.string({ minLength: 1 }), async (id) => {
        const res = await send('POST', `/api/tools/${encodeURIComponent(id)}`, '{"input":"example.test"}')
        expectErrorShape(res)
      }),
      40,
    )
  })

  it('POST /api/events answers 204 or 4xx in the error shape', async () => {
    await run(
      fc.asyncProperty(bodyWith(['name', 'properties']), async (body) => {
        const res = await send('POST', '/api/events', body)
        if (res.statusCode !== 204) expectErrorShape(res)
        expectUnpolluted()
      }),
      60,
    )
  })

  it('POST /api/phone-lookup answers { success, data?, error? } (or the error shape for unreadable bodies)', async () => {
    await run(
      fc.asyncProperty(bodyWith(['phoneNumber']), async (body) => {
        const res = await send('POST', '/api/phone-lookup', body)
        expect(res.statusCode).toBeLessThan(500)
        const json = res.json()
        expect(phoneLookupAnswer.safeParse(json).success || errorBody.safeParse(json).success).toBe(true)
        expectUnpolluted()
      }),
      60,
    )
  })

  it('POST /api/phone-reports answers in the error shape when refused, signed in or not', async () => {
    await run(
      fc.asyncProperty(bodyWith(['phoneNumber', 'verdict', 'category']), fc.boolean(), async (body, signedIn) => {
        const options = { method: 'POST' as const, url: '/api/phone-reports', payload: body }
        const res = signedIn
          ? await member.request({ ...options, headers: { 'content-type': 'application/json' } })
          : await send('POST', '/api/phone-reports', body)
        if (res.statusCode !== 200) expectErrorShape(res)
        expectUnpolluted()
      }),
      40,
    )
  })

  it('GET /api/speed/down and /api/speed/ping take any query without a 5xx', async () => {
    const query = fc.oneof(hostileString, fc.integer().map(String), fc.double().map(String))
    await run(
      fc.asyncProperty(query, async (bytes) => {
        const down = await send('GET', `/api/speed/down?bytes=${encodeURIComponent(bytes)}`)
        if (down.statusCode === 200) expect(Number(down.headers['content-length'])).toBe(down.rawPayload.length)
        else expectErrorShape(down)
        const ping = await send('GET', `/api/speed/ping?${encodeURIComponent(bytes)}=${encodeURIComponent(bytes)}`)
        expect(ping.json()).toEqual({ pong: true })
      }),
      60,
    )
  })

  it('POST /api/speed/up counts any body or refuses it in the error shape', async () => {
    await run(
      fc.asyncProperty(bodyWith(['bytes']), async (body) => {
        const res = await send('POST', '/api/speed/up', body)
        if (res.statusCode === 200) expect(res.json()).toMatchObject({ bytes: Buffer.byteLength(body) })
        else expectErrorShape(res)
      }),
      40,
    )
  })

  it('POST /api/speed/result saves or refuses any body in the documented shapes, signed in or not', async () => {
    const fields = ['download', 'upload', 'ping', 'jitter', 'serverLocation', 'server', 'errors']
    await run(
      fc.asyncProperty(bodyWith(fields), fc.boolean(), async (payload, signedIn) => {
        const options = { method: 'POST' as const, url: '/api/speed/result', payload }
        const headers = { 'content-type': 'application/json' }
        const res = signedIn
          ? await member.request({ ...options, headers })
          : await t.app.inject({ ...options, headers })
        if (res.statusCode === 200) expect(speedSaveAnswer.safeParse(res.json()).success).toBe(true)
        else expectErrorShape(res)
        expectUnpolluted()
      }),
      40,
    )
  })

  it('DELETE /api/history/:id answers 401/404/400/414 in the error shape, signed in or not', async () => {
    // Encoded ids of any length, and raw ids a URL decoder rejects.
    const segment = fc.oneof(
      hostileString.map((id) => encodeURIComponent(id || 'x')),
      fc.constantFrom('%', '%E0%A4%A', '%zz', '%C0%AF', 'a%'),
    )
    await run(
      fc.asyncProperty(segment, fc.boolean(), async (id, signedIn) => {
        const url = `/api/history/${id}`
        const res = signedIn ? await member.request({ method: 'DELETE', url }) : await send('DELETE', url)
        expect([400, 401, 404, 414]).toContain(res.statusCode)
        expectErrorShape(res)
      }),
      40,
    )
  })

  it('POST /api/auth/sign-up/email and sign-in/email never fail with a 5xx', async () => {
    const fields = fc.record({
      email: fc.oneof(fc.emailAddress(), anyField),
      password: fc.oneof(fc.string({ minLength: 8, maxLength: 64 }), anyField),
      name: anyField,
    })
    const body = fc.oneof(
      fields.map((f) => JSON.stringify(f)),
      bodyWith(['email', 'password', 'name']),
    )
    await run(
      fc.asyncProperty(body, fc.constantFrom('sign-up', 'sign-in'), async (payload, action) => {
        const res = await createClient(t.app).request({
          method: 'POST',
          url: `/api/auth/${action}/email`,
          payload,
          headers: { 'content-type': 'application/json' },
        })
        expect(res.statusCode).toBeLessThan(500)
        if (res.statusCode >= 400 && res.body !== '') {
          const json = res.json()
          expect(errorBody.safeParse(json).success || typeof json.message === 'string').toBe(true)
        }
        expectUnpolluted()
      }),
      30,
    )
  })
})
