// One trust store for every check that verifies a certificate: one app built with EXTRA_CA_FILE (a
// test CA) runs the SSL check, the mail test's STARTTLS, the website check and SSL and mail
// monitors against ONE certificate served by an HTTPS site and an SMTP server; every one of them
// says trusted. A second certificate from a CA the app was not given is untrusted everywhere, in
// the same words.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { MailResult } from '../../src/shared/tools/mail/schema.ts'
import type { SslResult } from '../../src/shared/tools/ssl/schema.ts'
import { UNKNOWN_ISSUER } from '../../src/shared/tools/ssl/trust-words.ts'
import type { WebsiteCheckResult } from '../../src/shared/tools/website-check/schema.ts'
import type { BrowserLikeClient } from '../support/app/accounts.ts'
import { checkToolAnswer } from '../support/app/check-tool.ts'
import { startTableDns, type TableDns } from '../support/dns/table-dns.ts'
import { type SmtpPeer, startSmtpPeer } from '../support/mail/mail-peers.ts'
import { type MonitorApp, startMonitorApp } from '../support/monitors/monitor-app.ts'
import { freePort } from '../support/net/ports.ts'
import { createTestCa, type IssuedCert, opensslAvailable, type TestCa } from '../support/tls/test-ca.ts'
import { startTlsSite, type TlsSite } from '../support/tls/tls-site.ts'

if (!opensslAvailable) console.warn('SKIPPED: the one-trust-store test needs openssl')

/** The verdict every tool gives a certificate from a CA it was not given. */
const UNTRUSTED = `not trusted: ${UNKNOWN_ISSUER}`
const HOSTS = { trusted: '127.0.0.71', stranger: '127.0.0.72' } as const
type Kind = keyof typeof HOSTS

interface Answer<R> {
  status: string
  result: R
  lines: string[]
  error?: string
}

/** Everything a user reads of an answer: its lines, its error and every string of its result. */
const shown = (answer: Answer<unknown>) =>
  [...answer.lines, answer.error ?? '', JSON.stringify(answer.result)].join('\n')

describe.skipIf(!opensslAvailable)(
  'one trust store for the SSL check, mail STARTTLS, website check and monitors',
  () => {
    let ca: TestCa
    let stranger: TestCa
    let dns: TableDns
    let t: MonitorApp
    let owner: BrowserLikeClient
    const sites: Partial<Record<Kind, TlsSite>> = {}
    const smtp: SmtpPeer[] = []
    const name = (kind: Kind) => `${kind}.trust.test`

    beforeAll(async () => {
      ca = await createTestCa()
      stranger = await createTestCa({ rootName: 'Stranger Root CA', issuerName: 'Stranger Intermediate CA' })
      const certs: Record<Kind, IssuedCert> = {
        trusted: await ca.issue({ names: [name('trusted')] }),
        stranger: await stranger.issue({ names: [name('stranger')] }),
      }
      const smtpPort = await freePort(HOSTS.trusted)
      for (const kind of ['trusted', 'stranger'] as const) {
        const cert = certs[kind]
        // The same certificate and chain (leaf, then intermediate) on HTTPS and after STARTTLS.
        sites[kind] = await startTlsSite({ host: HOSTS[kind], key: cert.key, cert: cert.chain })
        smtp.push(
          await startSmtpPeer({
            host: HOSTS[kind],
            port: smtpPort,
            name: name(kind),
            tls: { ...cert, cert: cert.chain },
          }),
        )
      }
      dns = await startTableDns({
        records: (['trusted', 'stranger'] as const).map((kind) => ({ name: name(kind), type: 'A', data: HOSTS[kind] })),
      })
      t = await startMonitorApp({
        DNS_SERVERS: dns.endpoint,
        TARGET_ALLOW: '127.0.0.0/8',
        EXTRA_CA_FILE: ca.rootFile,
        MAIL_TEST_PORT: String(smtpPort),
      })
      owner = await t.signUp('trust@example.test')
    }, 60_000)

    afterAll(async () => {
      await t?.close()
      await Promise.all([...Object.values(sites).map((s) => s.close()), ...smtp.map((s) => s.close())])
      await Promise.all([dns?.stop(), ca?.remove(), stranger?.remove()])
    })

    const sslTarget = (kind: Kind) => `${name(kind)}:${sites[kind]?.port}`
    const ssl = (kind: Kind): Promise<Answer<SslResult>> => checkToolAnswer(t.app, 'ssl', sslTarget(kind))
    const mail = (kind: Kind): Promise<Answer<MailResult>> => checkToolAnswer(t.app, 'mail', name(kind))
    const website = (kind: Kind): Promise<Answer<WebsiteCheckResult>> =>
      checkToolAnswer(t.app, 'website-check', `https://${sslTarget(kind)}/`)
    const certificateCheck = (answer: Answer<MailResult>) =>
      answer.result.checks.find((c) => c.id === 'tls-certificate')

    /** One check of a new monitor of `kind` on `target`: its summary. */
    async function monitorSummary(kind: 'ssl' | 'mail', target: string): Promise<string> {
      const created = await owner.request({
        method: 'POST',
        url: '/api/monitors',
        payload: { kind, target, name: `${kind} ${target}`, settings: { expiryDays: 14 } },
      })
      expect(created.statusCode).toBe(201)
      return (await t.checkNow(owner, created.json().id)).summary ?? ''
    }

    it('trusts the certificate of the CA it was given, in every check', async () => {
      const [sslAnswer, mailAnswer, websiteAnswer] = await Promise.all([
        ssl('trusted'),
        mail('trusted'),
        website('trusted'),
      ])
      expect(sslAnswer.result.trust).toMatchObject({ trusted: true, error: null })
      expect(sslAnswer.lines).toContain('  Chain trusted:  yes')

      const session = mailAnswer.result.mx[0]?.addresses[0]?.smtp
      expect(session?.starttls).toBe('ok')
      expect(session?.tls?.trusted).toBe(true)
      expect(certificateCheck(mailAnswer)).toMatchObject({ status: 'pass' })

      expect(websiteAnswer.status).toBe('ok')
      expect(websiteAnswer.result.tls).toMatchObject({ authorized: true })
      const certificate = websiteAnswer.result.standards.flatMap((c) => c.checks).find((c) => c.id === 'certificate')
      expect(certificate).toMatchObject({ verdict: 'pass' })

      expect(await monitorSummary('ssl', sslTarget('trusted'))).toMatch(/^Certificate valid for 36[34] more days$/)
      expect(await monitorSummary('mail', name('trusted'))).toMatch(/^STARTTLS on 1 mail host address/)
      for (const answer of [sslAnswer, mailAnswer, websiteAnswer]) expect(shown(answer)).not.toContain('not trusted')
    }, 90_000)

    it('refuses the certificate of a CA it was not given, in the same words in every check', async () => {
      const [sslAnswer, mailAnswer, websiteAnswer] = await Promise.all([
        ssl('stranger'),
        mail('stranger'),
        website('stranger'),
      ])
      expect(sslAnswer.result.trust.trusted).toBe(false)
      expect(sslAnswer.lines).toContain(`  Chain trusted:  no (${UNKNOWN_ISSUER})`)
      expect(sslAnswer.error).toContain(`Certificate is ${UNTRUSTED}`)

      expect(mailAnswer.result.mx[0]?.addresses[0]?.smtp?.tls?.trusted).toBe(false)
      expect(certificateCheck(mailAnswer)).toMatchObject({
        status: 'warn',
        reason: `CN=${name('stranger')}: ${UNTRUSTED}`,
      })

      expect(websiteAnswer.status).toBe('failed')
      expect(websiteAnswer.result.hops[0]?.error).toBe(`SSL Certificate Error: the certificate is ${UNTRUSTED}`)

      const monitors = [
        await monitorSummary('ssl', sslTarget('stranger')),
        await monitorSummary('mail', name('stranger')),
      ]
      expect(monitors[0]).toBe(`Certificate ${UNTRUSTED}`)
      expect(monitors[1]).toContain(`certificate ${UNTRUSTED}`)
      for (const text of [...[sslAnswer, mailAnswer, websiteAnswer].map(shown), ...monitors]) {
        expect(text).toContain(UNTRUSTED)
      }
    }, 90_000)
  },
)
