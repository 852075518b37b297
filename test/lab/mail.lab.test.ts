// Mail test end to end in the lab: the app runs in `client`, its SMTP dialogues cross r1 and r2 to
// mail servers in `srv` (STARTTLS, plain, open relay) named by the lab's Knot DNS.
import { writeFile } from 'node:fs/promises'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { MailCheck, MailResult } from '../../src/shared/tools/mail/schema.ts'
import { createTestCa, MAIL_TEST_CA, mailServerCert, type TestCa } from '../support/tls/test-ca.ts'
import type { AppInNamespace } from './app-in-namespace.ts'
import type { Lab, LabProcess } from './lab.ts'
import { type LabWithApp, startLabWithApp } from './lab-with-app.ts'

const MX = { tls: '203.0.113.25', plain: '203.0.113.26', relay: '203.0.113.27' } as const

const ZONE = `$ORIGIN maillab.
$TTL 60
@               IN SOA ns.lab.test. hostmaster.lab.test. 2026010101 3600 600 86400 60
@               IN NS  ns.lab.test.
good            IN MX  10 mx1.good.maillab.
good            IN MX  20 mx2.good.maillab.
good            IN TXT "v=spf1 ip4:203.0.113.0/24 -all"
_dmarc.good     IN TXT "v=DMARC1; p=quarantine; rua=mailto:dmarc@good.maillab"
mx1.good        IN A   ${MX.tls}
mx2.good        IN A   ${MX.plain}
relay           IN MX  10 mx.relay.maillab.
relay           IN TXT "v=spf1 +all"
mx.relay        IN A   ${MX.relay}
spoofable       IN MX  10 mx2.good.maillab.
spoofable       IN TXT "v=spf1 ip4:203.0.113.26 +all"
_dmarc.spoofable IN TXT "v=DMARC1; p=bogus"
`

let world: LabWithApp | null = null
let lab: Lab | null = null
let app: AppInNamespace | undefined
let peers: LabProcess | undefined
let ca: TestCa | undefined

beforeAll(async () => {
  world = await startLabWithApp({
    suite: 'mail lab tests',
    zones: [{ origin: 'maillab', text: ZONE }],
    prepare: startMailPeers,
  })
  lab = world?.lab ?? null
  app = world?.app
}, 180_000)

/** SMTP servers in srv (STARTTLS with a test certificate, plain, open relay) on the MX addresses. */
async function startMailPeers(started: Lab) {
  for (const address of Object.values(MX))
    await started.exec('srv', 'ip', ['addr', 'add', `${address}/24`, 'dev', 'eth0'])
  ca = await createTestCa(MAIL_TEST_CA)
  const config = path.join(ca.directory, 'peers.json')
  await writeFile(
    config,
    JSON.stringify([
      {
        host: MX.tls,
        port: 25,
        name: 'mx1.good.maillab',
        tls: await ca.issue(mailServerCert('mx1.good.maillab')),
        localDomain: 'good.maillab',
      },
      { host: MX.plain, port: 25, name: 'mx2.good.maillab', localDomain: 'good.maillab' },
      { host: MX.relay, port: 25, name: 'mx.relay.maillab', openRelay: true },
    ]),
  )
  peers = started.spawnNode('srv', path.join(import.meta.dirname, 'scripts/mail-peers.ts'), [config])
  await peers.waitForOutput(/^READY$/m)
  return { MAIL_TEST_PORT: '25' }
}

afterAll(async () => {
  await peers?.stop()
  await world?.stop()
  await ca?.remove()
})

describe('POST /api/tools/mail in the lab', () => {
  const test = async (input: string): Promise<{ status: string; result: MailResult; lines: string[] }> => {
    if (!app) throw new Error('the app did not start in the lab')
    const res = await app.runTool('mail', input)
    expect(res.status).toBe(200)
    return res.json()
  }
  const check = (result: MailResult, id: string, host?: string): MailCheck | undefined =>
    result.checks.find((c) => c.id === id && (host === undefined || c.host?.startsWith(`${host} [`)))

  it('upgrades to TLS on the MX that offers it and reports the one that does not', async (ctx) => {
    if (!lab) return ctx.skip()
    const body = await test('good.maillab')
    expect(body.status).toBe('ok')
    expect(check(body.result, 'spf')).toMatchObject({
      status: 'pass',
      reason: '-all: unlisted senders fail; 0 of 10 DNS lookups',
    })
    expect(body.result.spf?.record).toBe('v=spf1 ip4:203.0.113.0/24 -all')
    expect(check(body.result, 'dmarc')).toMatchObject({
      status: 'pass',
      reason: 'p=quarantine; reports to mailto:dmarc@good.maillab',
    })
    expect(check(body.result, 'starttls', 'mx1.good.maillab')?.status).toBe('pass')
    expect(check(body.result, 'starttls', 'mx2.good.maillab')).toMatchObject({ status: 'fail' })
    expect(check(body.result, 'reverse-dns', 'mx1.good.maillab')).toMatchObject({
      status: 'fail',
      reason: `no PTR record for ${MX.tls}: many receivers refuse such senders`,
    })
    expect(body.lines).toContain(`SMTP transcript: mx1.good.maillab [${MX.tls}]:25`)
  })

  it('fails SPF and DMARC for the domain whose lab zone records let anyone send as it', async (ctx) => {
    if (!lab) return ctx.skip()
    const body = await test('spoofable.maillab')
    expect(body.status).toBe('ok')
    expect(body.result.spf?.record).toBe('v=spf1 ip4:203.0.113.26 +all')
    expect(check(body.result, 'spf')).toMatchObject({
      status: 'fail',
      reason: '+all: every server on the internet may send as this domain; 0 of 10 DNS lookups',
    })
    expect(body.result.dmarc?.record).toBe('v=DMARC1; p=bogus')
    expect(check(body.result, 'dmarc')).toMatchObject({
      status: 'fail',
      reason: 'no valid p= tag: receivers ignore the record',
    })
  })

  it('flags the open relay, which never receives DATA', async (ctx) => {
    if (!lab) return ctx.skip()
    const body = await test('relay.maillab')
    expect(check(body.result, 'open-relay', 'mx.relay.maillab')?.status).toBe('fail')
    expect(check(body.result, 'spf')?.status).toBe('fail')
    expect(peers?.output()).toContain(`${MX.relay} RCPT relay-test@example.org`)
    expect(peers?.output()).not.toMatch(/ DATA$/m)
  })
})
