// A DNS monitor against Knot on loopback: the first answer becomes the baseline, a changed record
// is a problem (alerted once), and after POST /baseline the new answer is the one compared with.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { BrowserLikeClient } from '../support/app/accounts.ts'
import { type KnotServer, knotAvailable, startKnot } from '../support/dns/knot.ts'
import { eventually, type MonitorApp, startMonitorApp } from '../support/monitors/monitor-app.ts'
import { freePort } from '../support/net/ports.ts'

if (!knotAvailable) console.warn('SKIPPED: DNS monitor tests need knotd (Debian package knot)')

const zone = (serial: number, addresses: string[]) =>
  [
    '$ORIGIN watch.test.',
    '$TTL 1',
    `@ IN SOA ns1.watch.test. hostmaster.watch.test. ${serial} 7200 3600 1209600 1`,
    '@ IN NS ns1.watch.test.',
    'ns1 IN A 127.0.0.1',
    ...addresses.map((a) => `www IN A ${a}`),
    '',
  ].join('\n')

describe.skipIf(!knotAvailable)('a DNS monitor of a record that changes', () => {
  let port: number
  let knot: KnotServer | undefined
  let t: MonitorApp
  let owner: BrowserLikeClient
  let id: string
  const EMAIL = 'dns@example.test'

  const serve = async (serial: number, addresses: string[]) => {
    await knot?.stop()
    knot = await startKnot([{ origin: 'watch.test', text: zone(serial, addresses) }], { port })
  }

  beforeAll(async () => {
    port = await freePort('127.0.0.1', true)
    await serve(1, ['198.51.100.7', '198.51.100.8'])
    t = await startMonitorApp({ DNS_SERVERS: `127.0.0.1:${port}` })
    owner = await t.signUp(EMAIL)
    const res = await owner.request({
      method: 'POST',
      url: '/api/monitors',
      payload: { kind: 'dns', target: 'www.watch.test', name: 'www', settings: { type: 'A' }, confirmations: 1 },
    })
    expect(res.statusCode).toBe(201)
    id = res.json().id
  }, 30_000)
  afterAll(async () => {
    await t?.close()
    await knot?.stop()
  })

  const check = () => t.checkNow(owner, id)

  it('records the first answer as its baseline and stays ok while it holds', async () => {
    const first = await check()
    expect(first).toMatchObject({
      state: 'ok',
      summary: 'Baseline recorded: A 198.51.100.7, 198.51.100.8',
      baseline: ['198.51.100.7', '198.51.100.8'],
    })
    expect((await check()).summary).toBe('A unchanged: 2 records')
  })

  it('alerts once when the answer changes', async () => {
    await serve(2, ['198.51.100.7', '198.51.100.9'])
    const changed = await check()
    expect(changed).toMatchObject({
      state: 'problem',
      summary: 'A answer changed: added 198.51.100.9; removed 198.51.100.8',
    })
    await check()
    const mails = await eventually(async () => {
      const found = await t.alertMails(EMAIL)
      return found.length > 0 ? found : undefined
    }, 'the alert mail')
    expect(mails.map((m) => m.subject)).toEqual(['Problem: www (www.watch.test)'])
  })

  it('takes the next answer as the new baseline when asked, and recovers', async () => {
    const reset = (await owner.post(`/api/monitors/${id}/baseline`)).json()
    expect(reset.baseline).toBeNull()
    const after = await check()
    expect(after).toMatchObject({ state: 'ok', baseline: ['198.51.100.7', '198.51.100.9'] })
    const mails = await eventually(async () => {
      const found = await t.alertMails(EMAIL)
      return found.length > 1 ? found : undefined
    }, 'the recovery mail')
    expect(mails.map((m) => m.subject)).toEqual(['Problem: www (www.watch.test)', 'Recovered: www (www.watch.test)'])
    const other = await owner.request({
      method: 'POST',
      url: '/api/monitors',
      payload: { kind: 'blacklist', target: 'watch.test', name: 'w' },
    })
    expect(other.statusCode).toBe(201)
    expect((await owner.post(`/api/monitors/${other.json().id}/baseline`)).json().error.message).toBe(
      'Only DNS monitors have a baseline',
    )
  })
})
