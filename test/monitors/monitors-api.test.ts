// /api/monitors against the real app: only the owner sees and changes a monitor, input is checked
// with clear 4xx messages, targets and webhooks go through the target policy, an account holds at
// most MONITOR_MAX_PER_USER monitors, and a stored run becomes a monitor of the same kind and target.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { BrowserLikeClient } from '../support/app/accounts.ts'
import { checkToolAnswer } from '../support/app/check-tool.ts'
import { type HttpSite, startHttpSite } from '../support/http/http-site.ts'
import { type MonitorApp, startMonitorApp } from '../support/monitors/monitor-app.ts'

describe('the monitors API', () => {
  let t: MonitorApp
  let site: HttpSite
  let owner: BrowserLikeClient
  let other: BrowserLikeClient
  let url: string

  beforeAll(async () => {
    site = await startHttpSite('127.0.0.1', (_request, response) => response.end('up\n'))
    url = `http://127.0.0.1:${site.port}/`
    t = await startMonitorApp({
      TARGET_ALLOW: '127.0.0.0/8',
      MONITOR_MAX_PER_USER: '3',
      MONITOR_MIN_INTERVAL_MINUTES: '2',
    })
    owner = await t.signUp('owner@example.test')
    other = await t.signUp('other@example.test')
  })
  afterAll(async () => {
    await t?.close()
    await site?.close()
  })

  const create = (client: BrowserLikeClient, body: object) =>
    client.request({ method: 'POST', url: '/api/monitors', payload: body })

  it('answers 401 without a session', async () => {
    const res = await t.app.inject('/api/monitors')
    expect(res.statusCode).toBe(401)
    expect(res.json().error.message).toBe('Sign in to use monitors')
  })

  it('creates a monitor with defaults, shows its secret once, and lists it with state and limits', async () => {
    const res = await create(owner, { kind: 'website', target: url, name: 'Home page' })
    expect(res.statusCode).toBe(201)
    const created = res.json()
    expect(created).toMatchObject({
      kind: 'website',
      target: url,
      name: 'Home page',
      intervalMinutes: 5,
      confirmations: 2,
      alertEmail: true,
      webhookUrl: null,
      paused: false,
      disabled: false,
      state: 'unknown',
      lastCheckAt: null,
      // Just created: one window since creation, nothing checked yet.
      windows: [{ span: 'created', since: expect.any(String), uptime: null, problemMs: 0, stateChanges: 0 }],
    })
    expect(created.webhookSecret).toMatch(/^whsec_[\w-]{32}$/)
    const list = (await owner.get('/api/monitors')).json()
    expect(list.limits).toEqual({ maxMonitors: 3, minIntervalMinutes: 2 })
    expect(list.items.map((m: { id: string }) => m.id)).toEqual([created.id])
    expect(list.items[0].webhookSecret).toBeUndefined()
    // Spread: the first check is at the monitor's own offset inside its interval, within one interval.
    const next = Date.parse(list.items[0].nextCheckAt)
    expect(next).toBeGreaterThan(t.clock.now())
    expect(next - t.clock.now()).toBeLessThanOrEqual(5 * 60_000)
    await owner.request({ method: 'DELETE', url: `/api/monitors/${created.id}` })
  })

  it('lets only the owner read or change a monitor: 403 for another account, 404 for no monitor', async () => {
    const { id } = (await create(owner, { kind: 'website', target: url, name: 'Mine' })).json()
    for (const [method, path] of [
      ['GET', `/api/monitors/${id}`],
      ['PATCH', `/api/monitors/${id}`],
      ['DELETE', `/api/monitors/${id}`],
      ['POST', `/api/monitors/${id}/pause`],
      ['GET', `/api/monitors/${id}/checks`],
      ['GET', `/api/monitors/${id}/events`],
      ['POST', `/api/monitors/${id}/webhook-secret`],
    ] as const) {
      const res = await other.request({ method, url: path, ...(method === 'PATCH' ? { payload: { name: 'x' } } : {}) })
      expect(res.statusCode, `${method} ${path}`).toBe(403)
      expect(res.json().error.message).toBe('This monitor belongs to another account')
    }
    expect((await other.get('/api/monitors')).json().items).toEqual([])
    const missing = await owner.get('/api/monitors/no-such-monitor')
    expect(missing.statusCode).toBe(404)
    expect(missing.json().error.message).toBe('This monitor does not exist')
    expect((await owner.get(`/api/monitors/${id}`)).json().name).toBe('Mine')
    expect((await owner.request({ method: 'DELETE', url: `/api/monitors/${id}` })).statusCode).toBe(204)
    expect((await owner.get(`/api/monitors/${id}`)).statusCode).toBe(404)
  })

  it('refuses bad input with the field at fault, never a 500', async () => {
    const cases: Array<[object, string]> = [
      [{ kind: 'website', target: 'not a url', name: 'x' }, 'Please enter a valid URL'],
      [{ kind: 'ssl', target: 'example.test:99999', name: 'x' }, 'Invalid domain format'],
      [
        { kind: 'nope', target: 'x', name: 'x' },
        "kind: Invalid discriminator value. Expected 'ssl' | 'blacklist' | 'dns' | 'website' | 'mail' | 'ping'",
      ],
      [{ kind: 'website', target: url, name: '' }, 'Give the monitor a name'],
      [{ kind: 'website', target: url, name: 'x', intervalMinutes: 1 }, 'Checks run at most every 2 minutes'],
      [{ kind: 'website', target: url, name: 'x', confirmations: 0 }, 'Confirmations must be 1 to 10'],
      [
        { kind: 'website', target: url, name: 'x', webhookUrl: 'ftp://example.test/' },
        'Webhook URL must be an http:// or https:// URL',
      ],
      [{ kind: 'dns', target: 'example.test', name: 'x', settings: { type: 'BOGUS' } }, 'Unknown record type "BOGUS"'],
      [
        { kind: 'ssl', target: 'example.test', name: 'x', settings: { expiryDays: 0 } },
        'Expiry warning must be 1 to 365 days',
      ],
      [{ fromRunId: '' }, 'fromRunId is required'],
    ]
    for (const [body, message] of cases) {
      const res = await create(owner, body)
      expect(res.statusCode, JSON.stringify(body)).toBe(400)
      expect(res.json().error.message).toContain(message)
    }
    const { id } = (await create(owner, { kind: 'website', target: url, name: 'Patched' })).json()
    const patch = (payload: object) => owner.request({ method: 'PATCH', url: `/api/monitors/${id}`, payload })
    expect((await patch({ kind: 'ssl' })).json().error.message).toContain('Unrecognized key')
    expect((await patch({ target: 'ftp://example.test/' })).json().error.message).toBe('Please enter a valid URL')
    expect((await patch({ intervalMinutes: 1 })).statusCode).toBe(400)
    const ok = await patch({ name: 'Renamed', intervalMinutes: 10, settings: { maxLatencyMs: 500 } })
    expect(ok.statusCode).toBe(200)
    expect(ok.json()).toMatchObject({ name: 'Renamed', intervalMinutes: 10, settings: { maxLatencyMs: 500 } })
    await owner.request({ method: 'DELETE', url: `/api/monitors/${id}` })
  })

  it('refuses a target or a webhook the target policy refuses, before any traffic', async () => {
    const target = await create(owner, { kind: 'website', target: 'http://169.254.169.254/latest/', name: 'x' })
    expect(target.statusCode).toBe(400)
    expect(target.json().error.message).toBe(
      'This target is refused: 169.254.169.254 is not allowed: cloud metadata / link-local',
    )
    const ping = await create(owner, { kind: 'ping', target: '10.0.0.1', name: 'x' })
    expect(ping.json().error.message).toBe(
      'This target is refused: 10.0.0.1 is not allowed: private network (RFC 1918)',
    )
    const hook = await create(owner, { kind: 'website', target: url, name: 'x', webhookUrl: 'http://10.1.2.3/hook' })
    expect(hook.statusCode).toBe(400)
    expect(hook.json().error.message).toBe('Webhook URL refused: 10.1.2.3 is not allowed: private network (RFC 1918)')
    const { id } = (await create(owner, { kind: 'website', target: url, name: 'x' })).json()
    const patched = await owner.request({
      method: 'PATCH',
      url: `/api/monitors/${id}`,
      payload: { webhookUrl: 'http://[::ffff:10.0.0.1]/' },
    })
    expect(patched.statusCode).toBe(400)
    expect(patched.json().error.message).toMatch(/^Webhook URL refused: /)
    await owner.request({ method: 'DELETE', url: `/api/monitors/${id}` })
    expect((await owner.get('/api/monitors')).json().items).toEqual([])
  })

  it('holds an account to MONITOR_MAX_PER_USER monitors', async () => {
    const ids: string[] = []
    for (let i = 0; i < 3; i++)
      ids.push((await create(owner, { kind: 'website', target: url, name: `m${i}` })).json().id)
    const fourth = await create(owner, { kind: 'website', target: url, name: 'one too many' })
    expect(fourth.statusCode).toBe(409)
    expect(fourth.json().error.message).toBe('An account can have at most 3 monitors; delete one first')
    // The cap is per account.
    const theirs = await create(other, { kind: 'website', target: url, name: 'theirs' })
    expect(theirs.statusCode).toBe(201)
    for (const id of [...ids, theirs.json().id]) {
      const client = id === theirs.json().id ? other : owner
      await client.request({ method: 'DELETE', url: `/api/monitors/${id}` })
    }
  })

  it('creates a monitor from a stored run of the owner, with the run’s kind and target', async () => {
    const answer = await checkToolAnswer(owner.request, 'website-check', url)
    expect(answer.runId).toBeTruthy()
    const res = await create(owner, { fromRunId: answer.runId, intervalMinutes: 15 })
    expect(res.statusCode).toBe(201)
    expect(res.json()).toMatchObject({ kind: 'website', target: url, name: `Website ${url}`, intervalMinutes: 15 })
    const stranger = await create(other, { fromRunId: answer.runId })
    expect(stranger.statusCode).toBe(404)
    expect(stranger.json().error.message).toBe(
      'Unknown run: it does not exist, belongs to another account or has expired',
    )
    const whois = await checkToolAnswer(owner.request, 'rdns', '127.0.0.1')
    const notMonitorable = await create(owner, { fromRunId: whois.runId })
    expect(notMonitorable.statusCode).toBe(400)
    expect(notMonitorable.json().error.message).toBe('A rdns result cannot become a monitor')
    await owner.request({ method: 'DELETE', url: `/api/monitors/${res.json().id}` })
  })

  it('pauses and resumes: a paused monitor has no next check and shows "paused"', async () => {
    const { id } = (await create(owner, { kind: 'website', target: url, name: 'Pausable' })).json()
    const paused = (await owner.post(`/api/monitors/${id}/pause`)).json()
    expect(paused).toMatchObject({ paused: true, state: 'paused', nextCheckAt: null })
    const resumed = (await owner.post(`/api/monitors/${id}/resume`)).json()
    expect(resumed).toMatchObject({ paused: false, state: 'unknown' })
    expect(resumed.nextCheckAt).not.toBeNull()
    const secret = (await owner.post(`/api/monitors/${id}/webhook-secret`)).json().webhookSecret
    expect(secret).toMatch(/^whsec_/)
    await owner.request({ method: 'DELETE', url: `/api/monitors/${id}` })
  })
})
