// A DNS monitor checked from two probe locations: the app in this process (no Redis: the in-memory
// measurement store), two real probe processes on loopback, each asking its own Knot. When the second
// location's resolver answers differently, one alert names that place and its answer; when it agrees
// again, one recovery. The alert's permalink is the measurement's side-by-side run.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { BrowserLikeClient } from '../support/app/accounts.ts'
import { type KnotServer, knotAvailable, startKnot } from '../support/dns/knot.ts'
import { eventually, type MonitorApp, startMonitorApp } from '../support/monitors/monitor-app.ts'
import { freePort } from '../support/net/ports.ts'
import { type ProbeProcess, startProbeProcess } from '../support/probes/probe-process.ts'

if (!knotAvailable) console.warn('SKIPPED: DNS location monitor tests need knotd (Debian package knot)')

const TOKENS = { frankfurt: 'frankfurt-token-0123456789', paris: 'paris-token-0123456789' }

const zone = (serial: number, address: string) =>
  [
    '$ORIGIN watch.test.',
    '$TTL 1',
    `@ IN SOA ns1.watch.test. hostmaster.watch.test. ${serial} 7200 3600 1209600 1`,
    '@ IN NS ns1.watch.test.',
    'ns1 IN A 127.0.0.1',
    `www IN A ${address}`,
    '',
  ].join('\n')

describe.skipIf(!knotAvailable)('a DNS monitor checked from two locations', () => {
  const ports = { frankfurt: 0, paris: 0 }
  const knots: Partial<Record<keyof typeof TOKENS, KnotServer>> = {}
  const probes: ProbeProcess[] = []
  let t: MonitorApp
  let owner: BrowserLikeClient
  let id: string
  const EMAIL = 'dns-locations@example.test'

  const serve = async (name: keyof typeof TOKENS, serial: number, address: string) => {
    await knots[name]?.stop()
    knots[name] = await startKnot([{ origin: 'watch.test', text: zone(serial, address) }], { port: ports[name] })
  }

  beforeAll(async () => {
    ports.frankfurt = await freePort('127.0.0.1', true)
    ports.paris = await freePort('127.0.0.1', true)
    await serve('frankfurt', 1, '198.51.100.7')
    await serve('paris', 1, '198.51.100.7')
    t = await startMonitorApp({
      LOCAL_PROBE: 'false',
      PROBE_TOKENS: Object.entries(TOKENS)
        .map(([name, token]) => `${name}:${token}`)
        .join(','),
    })
    const address = await t.app.listen({ host: '127.0.0.1', port: 0 })
    for (const [name, country] of [
      ['frankfurt', 'DE'],
      ['paris', 'FR'],
    ] as const) {
      probes.push(
        await startProbeProcess({
          PROBE_SITE_URL: address,
          PROBE_TOKEN: TOKENS[name],
          PROBE_TARGET_ALLOW: '127.0.0.0/8',
          PROBE_COUNTRY: country,
          PROBE_DNS_SERVERS: `127.0.0.1:${ports[name]}`,
        }),
      )
    }
    owner = await t.signUp(EMAIL)
    const res = await owner.request({
      method: 'POST',
      url: '/api/monitors',
      payload: {
        kind: 'dns',
        target: 'www.watch.test',
        name: 'www',
        settings: { type: 'A', locations: ['Germany', 'FR'] },
        confirmations: 1,
      },
    })
    expect(res.statusCode).toBe(201)
    id = res.json().id
  }, 120_000)
  afterAll(async () => {
    await Promise.all(probes.map((probe) => probe.kill('SIGKILL')))
    await t?.close()
    await Promise.all(Object.values(knots).map((knot) => knot?.stop()))
  })

  const check = () => t.checkNow(owner, id)

  it('records the baseline from both places and stays ok while they agree', async () => {
    const first = await check()
    expect(first).toMatchObject({
      state: 'ok',
      summary: 'Baseline recorded from frankfurt (DE), paris (FR): A 198.51.100.7',
      baseline: ['198.51.100.7'],
    })
    expect((await check()).summary).toBe('A unchanged at frankfurt (DE), paris (FR): 1 record')
  }, 60_000)

  it('alerts once, naming the place whose answer changed and what it answers', async () => {
    await serve('paris', 2, '198.51.100.9')
    const changed = await check()
    expect(changed).toMatchObject({
      state: 'problem',
      summary: 'A answer differs from the baseline (198.51.100.7) at paris (FR): paris (FR) answers 198.51.100.9',
    })
    expect((await check()).state).toBe('problem')
    const mails = await eventually(async () => {
      const found = await t.alertMails(EMAIL)
      return found.length > 0 ? found : undefined
    }, 'the alert mail')
    expect(mails.map((m) => m.subject)).toEqual(['Problem: www (www.watch.test)'])

    // The event's permalink is the measurement: both places side by side.
    const events = (await owner.get(`/api/monitors/${id}/events`)).json().items as Array<{ resultUrl: string | null }>
    const shareId = events[0]?.resultUrl?.split('/r/')[1]
    expect(shareId).toBeTruthy()
    const shared = (await owner.get(`/api/results/${shareId}`)).json()
    expect(shared.result.kind).toBe('measurement')
    expect(shared.result.results.map((row: { probe: { name: string } }) => row.probe.name).sort()).toEqual([
      'frankfurt',
      'paris',
    ])
  }, 60_000)

  it('recovers once when the place agrees again', async () => {
    await serve('paris', 3, '198.51.100.7')
    expect(await check()).toMatchObject({ state: 'ok', summary: 'A unchanged at frankfurt (DE), paris (FR): 1 record' })
    await check()
    const mails = await eventually(async () => {
      const found = await t.alertMails(EMAIL)
      return found.length > 1 ? found : undefined
    }, 'the recovery mail')
    expect(mails.map((m) => m.subject)).toEqual(['Problem: www (www.watch.test)', 'Recovered: www (www.watch.test)'])
  }, 60_000)

  it('counts a place whose resolver does not answer as not checked there, never as ok', async () => {
    await knots.paris?.stop()
    knots.paris = undefined
    const item = await check()
    expect(item.state).toBe('ok')
    expect(item.summary).toMatch(/^A unchanged at frankfurt \(DE\): 1 record; not checked from paris \(FR\): /)
    await serve('paris', 4, '198.51.100.7')
  }, 60_000)

  it('reports unknown when a location matches no probe', async () => {
    const res = await owner.request({
      method: 'POST',
      url: '/api/monitors',
      payload: { kind: 'dns', target: 'www.watch.test', name: 'jp', settings: { type: 'A', locations: ['JP'] } },
    })
    expect(res.statusCode).toBe(201)
    const item = await t.checkNow(owner, res.json().id)
    expect(item).toMatchObject({ state: 'unknown', summary: 'Not checked: No connected probe matches "JP"' })
  }, 60_000)
})
