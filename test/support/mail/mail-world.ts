// The mail test's world on loopback: Knot serving the mail zones, SMTP peers on 127.25.25.0/24
// (STARTTLS, plain, open relay, tarpit) and the MTA-STS policy host, all on the ports given.
import { readFileSync } from 'node:fs'
import { type KnotServer, startKnot } from '../dns/knot.ts'
import { createTestCa, MAIL_TEST_CA, mailServerCert } from '../tls/test-ca.ts'
import { type SmtpPeer, startPolicyServer, startSmtpPeer, startTarpit } from './mail-peers.ts'

const zone = (file: string) => readFileSync(new URL(`../../fixtures/served/zones/${file}`, import.meta.url), 'utf8')

export const MAIL_HOSTS = {
  mx1: '127.25.25.2',
  mx2: '127.25.25.3',
  relay: '127.25.25.4',
  tarpit: '127.25.25.5',
  policy: '127.25.25.7',
} as const

export const MTA_STS_POLICY = 'version: STSv1\nmode: enforce\nmx: mx1.good.test\nmx: mx2.good.test\nmax_age: 86400\n'

export interface MailWorld {
  knot: KnotServer
  ca: string
  peers: { mx1: SmtpPeer; mx2: SmtpPeer; relay: SmtpPeer }
  tarpitConnections(): number
  stop(): Promise<void>
}

export async function startMailWorld(ports: { smtp: number; https: number }): Promise<MailWorld> {
  const stops: (() => Promise<void> | void)[] = []
  const stop = async () => {
    for (const close of stops.reverse()) await close()
  }
  try {
    const knot = await startKnot([
      { origin: 'test', text: zone('mail.test.zone') },
      { origin: '25.25.127.in-addr.arpa', text: zone('25.25.127.in-addr.arpa.zone') },
    ])
    stops.push(() => knot.stop())
    const ca = await createTestCa(MAIL_TEST_CA)
    stops.push(() => ca.remove())
    const smtp = ports.smtp
    const mx1 = await startSmtpPeer({
      host: MAIL_HOSTS.mx1,
      port: smtp,
      name: 'mx1.good.test',
      tls: await ca.issue(mailServerCert('mx1.good.test')),
      localDomain: 'good.test',
    })
    stops.push(() => mx1.close())
    const mx2 = await startSmtpPeer({
      host: MAIL_HOSTS.mx2,
      port: smtp,
      name: 'mx2.good.test',
      localDomain: 'good.test',
    })
    stops.push(() => mx2.close())
    const relay = await startSmtpPeer({ host: MAIL_HOSTS.relay, port: smtp, name: 'mx.bad.test', openRelay: true })
    stops.push(() => relay.close())
    const tarpit = await startTarpit(MAIL_HOSTS.tarpit, smtp)
    stops.push(() => tarpit.close())
    const policy = await startPolicyServer(
      MAIL_HOSTS.policy,
      ports.https,
      await ca.issue(mailServerCert('mta-sts.good.test', 'mta-sts.stray.test')),
      MTA_STS_POLICY,
    )
    stops.push(() => policy.close())
    return { knot, ca: ca.anchors, peers: { mx1, mx2, relay }, tarpitConnections: tarpit.connections, stop }
  } catch (error) {
    await stop()
    throw error
  }
}
