// A block-list monitor against a DNSBL zone on Knot (loopback): when the zone starts listing the
// address, one alert goes out; when it delists it, one recovery. Checks in between alert nobody.
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { BrowserLikeClient } from '../support/app/accounts.ts'
import { LAB } from '../support/dns/dnsbl-lab.ts'
import { type KnotServer, knotAvailable, startKnot } from '../support/dns/knot.ts'
import { eventually, type MonitorApp, startMonitorApp } from '../support/monitors/monitor-app.ts'
import { freePort } from '../support/net/ports.ts'

if (!knotAvailable) console.warn('SKIPPED: block-list monitor tests need knotd (Debian package knot)')

const ZONE = 'mon.dnsbl.test'
const LIST = {
  queryTimeoutMs: 1500,
  zones: [
    {
      id: 'lab-mon',
      name: 'Lab monitor list',
      zone: ZONE,
      kind: 'ip',
      codes: { '127.0.0.2': { meaning: 'Listed for spam' } },
      testPoints: { listed: '127.0.0.2', unlisted: '127.0.0.1' },
      info: 'https://lab.dnsbl.test/mon',
    },
  ],
}

/** The list's zone: its RFC 5782 test point, and the lab address when it is listed. */
function zoneText(listed: boolean): string {
  return [
    '$TTL 1',
    `@ IN SOA ns.dnsbl.test. hostmaster.dnsbl.test. ${listed ? 2 : 1} 3600 600 86400 1`,
    '@ IN NS ns.dnsbl.test.',
    '2.0.0.127 IN A 127.0.0.2',
    ...(listed ? ['10.100.51.198 IN A 127.0.0.2'] : []),
    '',
  ].join('\n')
}

describe.skipIf(!knotAvailable)('a block-list monitor of an address a list starts and stops listing', () => {
  let dir: string
  let port: number
  let knot: KnotServer | undefined
  let t: MonitorApp
  let owner: BrowserLikeClient
  let id: string
  const EMAIL = 'postmaster@example.test'

  const serve = async (listed: boolean) => {
    await knot?.stop()
    knot = await startKnot([{ origin: ZONE, text: zoneText(listed) }], { port })
  }

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'monitor-dnsbl-'))
    await writeFile(path.join(dir, 'zones.json'), JSON.stringify(LIST))
    port = await freePort('127.0.0.1', true)
    await serve(false)
    t = await startMonitorApp({
      DNS_SERVERS: `127.0.0.1:${port}`,
      DNSBL_ZONES_FILE: path.join(dir, 'zones.json'),
      TARGET_ALLOW: LAB.targetAllow,
    })
    owner = await t.signUp(EMAIL)
    const res = await owner.request({
      method: 'POST',
      url: '/api/monitors',
      payload: { kind: 'blacklist', target: LAB.listed, name: 'Mail server IP', confirmations: 1 },
    })
    expect(res.statusCode).toBe(201)
    id = res.json().id
  }, 60_000)
  afterAll(async () => {
    await t?.close()
    await knot?.stop()
    if (dir) await rm(dir, { recursive: true, force: true })
  })

  const check = () => t.checkNow(owner, id)
  const alertSubjects = async () => (await t.alertMails(EMAIL)).map((m) => m.subject)

  it('is ok while the address is not listed, and alerts nobody', async () => {
    const item = await check()
    expect(item).toMatchObject({ state: 'ok', summary: 'Not listed on 1 checked list' })
    expect(await alertSubjects()).toEqual([])
  }, 30_000)

  it('raises one alert when the list starts listing the address', async () => {
    await serve(true)
    const item = await check()
    expect(item.state).toBe('problem')
    expect(item.summary).toBe('Listed on 1 of 1 checked lists: mon.dnsbl.test')
    await check()
    await check()
    const subjects = await eventually(async () => {
      const s = await alertSubjects()
      return s.length > 0 ? s : undefined
    }, 'the alert mail')
    expect(subjects).toEqual([`Problem: Mail server IP (${LAB.listed})`])
  }, 30_000)

  it('raises one recovery when the address is delisted', async () => {
    await serve(false)
    expect((await check()).state).toBe('ok')
    await check()
    const subjects = await eventually(async () => {
      const s = await alertSubjects()
      return s.length > 1 ? s : undefined
    }, 'the recovery mail')
    expect(subjects).toEqual([`Problem: Mail server IP (${LAB.listed})`, `Recovered: Mail server IP (${LAB.listed})`])
    const checks = (await owner.get(`/api/monitors/${id}/checks`)).json().items
    expect(checks.map((c: { state: string; value: number }) => `${c.state}:${c.value}`)).toEqual([
      'ok:0',
      'problem:1',
      'problem:1',
      'problem:1',
      'ok:0',
      'ok:0',
    ])
  }, 30_000)
})
