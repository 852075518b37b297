// The mail diagnostic with what its factory injects (SMTP port, EHLO name, step deadlines, MTA-STS
// trust anchors and port), against real peers on loopback.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createMailDiagnostic } from '../../src/diagnostics/mail/run.ts'
import { createNet } from '../../src/diagnostics/net/net.ts'
import type { MailCheck, MailResult } from '../../src/shared/tools/mail/schema.ts'
import { knotAvailable } from '../support/dns/knot.ts'
import { MAIL_HOSTS, type MailWorld, startMailWorld } from '../support/mail/mail-world.ts'
import { freePort } from '../support/net/ports.ts'

if (!knotAvailable) console.warn('SKIPPED: mail diagnostic tests need knotd (Debian package knot)')

describe.skipIf(!knotAvailable)('createMailDiagnostic() with injected port and deadlines', () => {
  let world: MailWorld
  let run: (input: string) => Promise<{ status: string; result?: MailResult; error?: string }>

  beforeAll(async () => {
    const smtp = await freePort(MAIL_HOSTS.mx1)
    const httpsPort = await freePort(MAIL_HOSTS.policy)
    world = await startMailWorld({ smtp, https: httpsPort })
    const diagnostic = createMailDiagnostic({
      smtpPort: smtp,
      heloName: 'probe.nettoolbox.test',
      timeouts: { bannerMs: 1500 },
      mtaSts: { port: httpsPort, ca: [world.ca] },
    })
    const net = createNet({ targetAllow: ['127.0.0.0/8'], dnsServers: [world.knot.endpoint] })
    run = (input) => diagnostic.run({ input }, { signal: AbortSignal.timeout(30_000), net, progress: () => {} })
  })
  afterAll(async () => world?.stop())

  const find = (result: MailResult | undefined, id: string, host?: string): MailCheck | undefined =>
    result?.checks.find((c) => c.id === id && (host === undefined || c.host?.startsWith(host)))

  it('introduces itself with the configured EHLO name and probe sender on the configured port', async () => {
    const outcome = await run('good.test')
    expect(outcome.status).toBe('ok')
    expect(world.peers.mx2.seen.ehlo).toContain('probe.nettoolbox.test')
    expect(world.peers.mx2.seen.mailFrom).toContain('probe@probe.nettoolbox.test')
    const mx2 = outcome.result?.mx.find((m) => m.name === 'mx2.good.test')
    expect(mx2?.addresses[0]?.smtp?.port).not.toBe(25)
    expect(mx2?.addresses[0]?.smtp?.transcript).toContain('C: EHLO probe.nettoolbox.test')
  })

  it('fetches the MTA-STS policy over verified HTTPS and finds every MX covered', async () => {
    const { result } = await run('good.test')
    expect(result?.mtaSts).toEqual({
      id: '20260101T000000',
      mode: 'enforce',
      mx: ['mx1.good.test', 'mx2.good.test'],
      maxAge: 86400,
    })
    expect(find(result, 'mta-sts')).toMatchObject({
      status: 'pass',
      reason: 'mode enforce, max_age 86400 s, every MX covered',
    })
  })

  it('fails MTA-STS when the enforced policy does not list an MX of the domain', async () => {
    const { result } = await run('stray.test')
    expect(find(result, 'mta-sts')).toMatchObject({
      status: 'fail',
      reason: 'mode enforce, but MX mx.bad.test not listed in the policy',
    })
  })

  it('reports MTA-STS as absent, not failed, when the domain publishes none', async () => {
    const { result } = await run('lax.test')
    expect(find(result, 'mta-sts')).toMatchObject({
      status: 'info',
      reason: 'no MTA-STS policy (_mta-sts.lax.test TXT): senders may deliver without TLS',
    })
    expect(result?.mtaSts).toBeUndefined()
  })

  it('gives up on a silent server after the banner deadline and says so', async () => {
    const before = world.tarpitConnections()
    const { result } = await run('slow.test')
    expect(world.tarpitConnections()).toBe(before + 1)
    expect(find(result, 'smtp-banner', 'mx.slow.test')).toMatchObject({
      status: 'fail',
      reason: 'no banner within 1.5 s: the server accepted the connection but stayed silent',
    })
    expect(find(result, 'open-relay', 'mx.slow.test')).toBeUndefined()
  })
})
