// Mail standards against real peers on loopback: DANE (TLSA matched against the certificate
// presented over STARTTLS), MTA-STS policies checked against the real MX set, TLS-RPT, BIMI,
// IPv6 reachability, the STARTTLS session's grade, SPF and DMARC policy strength, and the scored
// report per category.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createMailDiagnostic } from '../../src/diagnostics/mail/run.ts'
import { createNet } from '../../src/diagnostics/net/net.ts'
import { mailLines } from '../../src/shared/tools/mail/lines.ts'
import { buildMailReport } from '../../src/shared/tools/mail/report.ts'
import type { MailCheck, MailResult } from '../../src/shared/tools/mail/schema.ts'
import { knotAvailable } from '../support/dns/knot.ts'
import {
  type MailStandardsWorld,
  STANDARDS_HOSTS,
  startMailStandardsWorld,
} from '../support/mail/mail-standards-world.ts'
import { freePort } from '../support/net/ports.ts'

if (!knotAvailable) console.warn('SKIPPED: mail standards tests need knotd (Debian package knot)')

describe.skipIf(!knotAvailable)('mail standards against real peers', () => {
  let world: MailStandardsWorld
  let run: (input: string) => Promise<MailResult>
  let runUnanchored: (input: string) => Promise<MailResult>
  const results = new Map<string, MailResult>()

  beforeAll(async () => {
    const smtp = await freePort(STANDARDS_HOSTS.dane)
    const httpsPort = await freePort(STANDARDS_HOSTS.policy)
    world = await startMailStandardsWorld({ smtp, https: httpsPort })
    const options = {
      smtpPort: smtp,
      heloName: 'probe.nettoolbox.test',
      mtaSts: { port: httpsPort, ca: [world.anchors] },
    }
    const diagnostic = createMailDiagnostic({ ...options, trustAnchors: world.trustAnchors })
    // The root's anchors: this Knot serves no root zone, so the chain cannot be followed.
    const unanchored = createMailDiagnostic(options)
    const net = createNet({ targetAllow: ['127.0.0.0/8', '::1/128'], dnsServers: [world.knot.endpoint] })
    const once = async (d: typeof diagnostic, input: string) => {
      const outcome = await d.run({ input }, { signal: AbortSignal.timeout(30_000), net, progress: () => {} })
      if (outcome.status !== 'ok') throw new Error(`${input}: ${outcome.status} ${JSON.stringify(outcome)}`)
      return outcome.result
    }
    run = async (input) => {
      const result = results.get(input) ?? (await once(diagnostic, input))
      results.set(input, result)
      return result
    }
    runUnanchored = (input) => once(unanchored, input)
  })
  afterAll(async () => world?.stop())

  const find = (result: MailResult, id: string, host?: string): MailCheck | undefined =>
    result.checks.find((c) => c.id === id && (host === undefined ? !c.host : c.host === host))

  describe('DANE', () => {
    it('passes when the key presented over STARTTLS matches the DANE-EE record, on IPv4 and IPv6', async () => {
      const result = await run('dane.test')
      for (const address of [STANDARDS_HOSTS.dane, STANDARDS_HOSTS.daneV6]) {
        expect(find(result, 'dane', `mx.dane.test [${address}]`)).toMatchObject({
          status: 'pass',
          reason: 'the certificate matches TLSA 3 1 1 (DANE-EE, public key, SHA-256)',
        })
      }
      expect(result.mx[0]?.tlsa?.records[0]).toMatch(/^3 1 1 [0-9a-f]{64}$/)
      expect(result.mx[0]?.tlsa?.dnssec).toBe('secure')
    })

    it('validates the TLSA records with DNSSEC from the zone key', async () => {
      const result = await run('dane.test')
      const check = find(result, 'dane-dnssec', 'mx.dane.test')
      expect(check?.status).toBe('pass')
      expect(check?.reason).toMatch(/^TLSA records validated: Secure/)
    })

    it('says the DNSSEC status was not validated, and why, when the chain cannot be followed', async () => {
      const result = await runUnanchored('dane.test')
      const check = find(result, 'dane-dnssec', 'mx.dane.test')
      expect(check?.status).toBe('skipped')
      expect(check?.reason).toMatch(/^not validated: the DNSSEC chain could not be followed: /)
      expect(result.mx[0]?.tlsa?.dnssec).toBe('not-validated')
      // The match itself is still reported.
      expect(find(result, 'dane', `mx.dane.test [${STANDARDS_HOSTS.dane}]`)?.status).toBe('pass')
    })

    it('fails when the certificate presented matches none of the TLSA records', async () => {
      const result = await run('danebad.test')
      const check = find(result, 'dane', `mx.danebad.test [${STANDARDS_HOSTS.danebad}]`)
      expect(check?.status).toBe('fail')
      expect(check?.reason).toMatch(
        /^the certificate presented matches none of the TLSA records \(3 1 1 [0-9a-f]{16}…\): DANE senders will not deliver$/,
      )
    })

    it('passes DANE-TA when the server sends the intermediate the record names', async () => {
      const result = await run('danta.test')
      expect(find(result, 'dane', `mx.danta.test [${STANDARDS_HOSTS.danta}]`)).toMatchObject({
        status: 'pass',
        reason: 'the certificate matches TLSA 2 0 1 (DANE-TA, full certificate, SHA-256)',
      })
    })
  })

  describe('MTA-STS and TLS-RPT', () => {
    it('passes an enforced policy that lists every MX', async () => {
      const result = await run('dane.test')
      expect(find(result, 'mta-sts')).toMatchObject({
        status: 'pass',
        reason: 'mode enforce, max_age 604800 s, every MX covered',
      })
    })

    it('fails a policy that omits one of the MX hosts, naming it', async () => {
      const result = await run('omit.test')
      expect(find(result, 'mta-sts')).toMatchObject({
        status: 'fail',
        reason: 'mode enforce, but MX mx.danebad.test not listed in the policy',
      })
      expect(result.mtaSts?.mx).toEqual(['mx.dane.test'])
    })

    it('warns about a policy in testing mode', async () => {
      const result = await run('testing.test')
      expect(find(result, 'mta-sts')).toMatchObject({
        status: 'warn',
        reason:
          'mode testing: every MX covered, but senders only report TLS failures and still deliver; the policy also lists old-mx.testing.test, which matches no MX',
      })
      expect(result.mtaSts?.mode).toBe('testing')
    })

    it('passes a TLS-RPT record with a destination and fails one without', async () => {
      expect(find(await run('dane.test'), 'tls-rpt')).toMatchObject({
        status: 'pass',
        reason: 'reports to mailto:tls-reports@dane.test',
      })
      expect(find(await run('danebad.test'), 'tls-rpt')).toMatchObject({
        status: 'fail',
        reason: 'record has no rua= destination',
      })
      expect(find(await run('danta.test'), 'tls-rpt')).toMatchObject({
        status: 'fail',
        reason: 'malformed rua destination: mailto:reports',
      })
    })
  })

  describe('BIMI', () => {
    it('passes a well-formed record under an enforcing DMARC policy', async () => {
      const result = await run('dane.test')
      expect(find(result, 'bimi')).toMatchObject({
        status: 'pass',
        reason: 'logo https://dane.test/logo.svg, mark certificate https://dane.test/vmc.pem (files not fetched)',
      })
      expect(result.bimi?.logo).toBe('https://dane.test/logo.svg')
    })

    it('fails a record whose logo is not an https: SVG address', async () => {
      expect(find(await run('danebad.test'), 'bimi')).toMatchObject({
        status: 'fail',
        reason: 'invalid record: l=http://danebad.test/logo.png is not an https: address',
      })
    })

    it('says there is no record when the domain publishes none', async () => {
      expect(find(await run('danta.test'), 'bimi')).toMatchObject({
        status: 'info',
        reason: 'no BIMI record (default._bimi.danta.test TXT): no brand logo is shown',
      })
    })
  })

  describe('IPv6', () => {
    it('passes an MX whose AAAA address accepts an SMTP connection', async () => {
      const result = await run('dane.test')
      const check = find(result, 'ipv6', 'mx.dane.test')
      expect(check?.status).toBe('pass')
      expect(check?.reason).toMatch(/^::1 accepts connections on port \d+ \(connected in \d+ ms\)$/)
      expect(world.peers.daneV6.seen.ehlo).toContain('probe.nettoolbox.test')
    })

    it('warns about an MX without an AAAA record', async () => {
      expect(find(await run('danebad.test'), 'ipv6', 'mx.danebad.test')).toMatchObject({
        status: 'warn',
        reason: 'no AAAA record: senders on IPv6 only cannot reach mx.danebad.test',
      })
    })
  })

  describe('STARTTLS session grade', () => {
    it('grades the version and suite negotiated over STARTTLS with the SSL check rules', async () => {
      const result = await run('dane.test')
      expect(find(result, 'tls-grade', `mx.dane.test [${STANDARDS_HOSTS.dane}]`)).toMatchObject({
        status: 'pass',
        reason: 'grade A, TLSv1.3, TLS_AES_256_GCM_SHA384 (strong)',
      })
      expect(result.mx[0]?.addresses[0]?.smtp?.tls?.grade).toEqual({
        grade: 'A',
        suite: 'TLS_AES_256_GCM_SHA384',
        suiteStrength: 'strong',
        reasons: [],
      })
    })
  })

  describe('STARTTLS session grade, weak', () => {
    it('caps a TLS 1.2 session with a CBC suite at B and says why', async () => {
      const result = await run('weak.test')
      expect(find(result, 'tls-grade', `mx.weak.test [${STANDARDS_HOSTS.weak}]`)).toMatchObject({
        status: 'warn',
        reason:
          'grade B, TLSv1.2, TLS_ECDHE_ECDSA_WITH_AES_128_CBC_SHA (weak): No AEAD encryption: TLS_ECDHE_ECDSA_WITH_AES_128_CBC_SHA was negotiated',
      })
    })
  })

  describe('SPF and DMARC strength', () => {
    it('passes SPF -all and warns on ~all', async () => {
      expect(find(await run('dane.test'), 'spf')).toMatchObject({
        status: 'pass',
        reason: '-all: unlisted senders fail; 1 of 10 DNS lookups',
      })
      expect(find(await run('danebad.test'), 'spf')).toMatchObject({
        status: 'warn',
        reason:
          '~all: unlisted senders only soft-fail and are usually still delivered; -all makes receivers reject them; 1 of 10 DNS lookups',
      })
    })

    it('warns on SPF ?all and on DMARC applied to part of the mail', async () => {
      const result = await run('danta.test')
      expect(find(result, 'spf')).toMatchObject({
        status: 'warn',
        reason: '?all: unlisted senders are neutral, the record protects nothing; 1 of 10 DNS lookups',
      })
      expect(find(result, 'dmarc')).toMatchObject({
        status: 'warn',
        reason: 'p=quarantine applied to only 50% of failing mail; reports to mailto:dmarc@danta.test',
      })
    })

    it('warns on DMARC p=none and passes p=reject with reports', async () => {
      expect(find(await run('danebad.test'), 'dmarc')).toMatchObject({
        status: 'warn',
        reason: 'p=none: monitoring only, spoofed mail is still delivered; no aggregate reports (rua)',
      })
      expect(find(await run('dane.test'), 'dmarc')).toMatchObject({
        status: 'pass',
        reason: 'p=reject; reports to mailto:dmarc@dane.test',
      })
    })
  })

  describe('scored report', () => {
    it('scores each category from its checks, with why it matters and how to fix', async () => {
      const report = buildMailReport((await run('danebad.test')).checks)
      const byTitle = Object.fromEntries(report.map((c) => [c.title, c]))
      expect(byTitle.DANE).toMatchObject({ verdict: 'fail', score: 50 })
      expect(byTitle.SPF).toMatchObject({ verdict: 'warn', score: 50 })
      expect(byTitle.DMARC).toMatchObject({ verdict: 'warn', score: 50 })
      expect(byTitle.BIMI).toMatchObject({ verdict: 'fail', score: 0 })
      expect(byTitle.IPv6).toMatchObject({ verdict: 'warn', score: 50 })
      expect(byTitle['MTA-STS & TLS-RPT']?.checks.map((c) => c.id)).toEqual(['mta-sts', 'tls-rpt'])
      const dane = byTitle.DANE?.checks.find((c) => c.id === 'dane')
      expect(dane?.fix).toContain('_25._tcp.mx1.example.com. IN TLSA 3 1 1')
      expect(dane?.why).toMatch(/^DANE/)
    })

    it('prints the category verdicts in the text answer', async () => {
      const lines = mailLines(await run('dane.test'))
      const start = lines.indexOf('Scored report')
      expect(lines.slice(start, start + 9)).toEqual([
        'Scored report',
        '  Mail server reachability & STARTTLS: warning (93/100)',
        '  DANE: pass (100/100)',
        '  MTA-STS & TLS-RPT: pass (100/100)',
        '  SPF: pass (100/100)',
        '  DMARC: pass (100/100)',
        '  DKIM: info',
        '  BIMI: pass (100/100)',
        '  IPv6: pass (100/100)',
      ])
    })
  })
})
