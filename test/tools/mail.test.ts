// Mail test end to end through the API: Knot serving the mail zones, SMTP servers on port 25 of
// 127.25.25.0/24 (STARTTLS, plain, open relay, tarpit), the MTA-STS policy host on port 443.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { MailCheck, MailResult } from '../../src/shared/tools/mail/schema.ts'
import { UNKNOWN_ISSUER } from '../../src/shared/tools/ssl/trust-words.ts'
import { createTestApp, type TestApp } from '../support/app/app.ts'
import { checkTool, checkToolAnswer } from '../support/app/check-tool.ts'
import { knotAvailable } from '../support/dns/knot.ts'
import { MAIL_HOSTS, type MailWorld, startMailWorld } from '../support/mail/mail-world.ts'

const isRoot = process.getuid?.() === 0
const notice = !knotAvailable ? 'knotd (Debian package knot)' : !isRoot ? 'root, to listen on ports 25 and 443' : null
if (notice) console.warn(`SKIPPED: mail API tests need ${notice}`)

interface Answer {
  status: string
  result: MailResult | null
  lines: string[]
  failureSource?: string
  error?: string
}

describe.skipIf(notice !== null)('POST /api/tools/mail against real mail peers', () => {
  let world: MailWorld
  let t: TestApp

  beforeAll(async () => {
    world = await startMailWorld({ smtp: 25, https: 443 })
    t = await createTestApp({ DNS_SERVERS: world.knot.endpoint, TARGET_ALLOW: '127.0.0.0/8', MAIL_TEST_PORT: '25' })
  })
  afterAll(async () => {
    await t?.close()
    await world?.stop()
  })

  const test = async (input: string): Promise<Answer> => {
    return checkToolAnswer(t, 'mail', input)
  }
  const check = (answer: Answer, id: string, host?: string): MailCheck | undefined =>
    answer.result?.checks.find(
      (c) => c.id === id && (host === undefined || c.host === host || c.host?.startsWith(`${host} [`)),
    )
  const transcript = (answer: Answer, mx: string) =>
    answer.result?.mx.find((m) => m.name === mx)?.addresses[0]?.smtp?.transcript ?? []

  describe('good.test', () => {
    let answer: Answer
    beforeAll(async () => {
      answer = await test('good.test')
    })

    it('passes MX, SPF, DMARC, DKIM and TLS-RPT', () => {
      expect(answer.status).toBe('ok')
      expect(check(answer, 'mx')).toMatchObject({
        status: 'pass',
        reason: '2 MX records: mx1.good.test (10), mx2.good.test (20)',
      })
      expect(check(answer, 'spf')).toMatchObject({
        status: 'pass',
        reason: '-all: unlisted senders fail; 1 of 10 DNS lookups',
      })
      expect(check(answer, 'dmarc')).toMatchObject({
        status: 'pass',
        reason: 'p=reject; reports to mailto:dmarc@good.test',
      })
      expect(check(answer, 'dkim')).toMatchObject({ status: 'pass', reason: 'key found: default (rsa 2048 bits)' })
      expect(check(answer, 'tls-rpt')).toMatchObject({
        status: 'pass',
        reason: 'reports to mailto:tls-reports@good.test',
      })
      expect(answer.result?.spf?.terms).toEqual([
        { qualifier: '+', mechanism: 'mx', value: '' },
        { qualifier: '+', mechanism: 'ip4', value: '198.51.100.0/24' },
        { qualifier: '-', mechanism: 'all', value: '' },
      ])
    })

    it('shows STARTTLS working on mx1 and missing on mx2', () => {
      expect(check(answer, 'starttls', 'mx1.good.test')).toMatchObject({
        status: 'pass',
        reason: 'TLSv1.3, TLS_AES_256_GCM_SHA384',
      })
      expect(check(answer, 'starttls', 'mx2.good.test')).toMatchObject({
        status: 'fail',
        reason: 'not offered: mail to this server travels unencrypted',
      })
      expect(check(answer, 'tls-certificate', 'mx1.good.test')).toMatchObject({
        status: 'warn',
        reason: `CN=mx1.good.test: not trusted: ${UNKNOWN_ISSUER}`,
      })
      expect(answer.lines).toContain('  [FAIL] STARTTLS         not offered: mail to this server travels unencrypted')
    })

    it('shows the dialogue: EHLO again after the TLS handshake, the relay probe refused, never DATA', () => {
      const lines = transcript(answer, 'mx1.good.test')
      expect(lines[0]).toBe('S: 220 mx1.good.test ESMTP test peer')
      const commands = lines.filter((l) => l.startsWith('C: ')).map((l) => l.split(/[ :]/)[2])
      expect(commands).toEqual(['EHLO', 'STARTTLS', 'EHLO', 'MAIL', 'RCPT', 'RSET', 'QUIT'])
      expect(lines).toContain('C: RCPT TO:<relay-test@example.org>')
      expect(lines).toContain('S: 554 5.7.1 Relaying denied')
      expect(lines.find((l) => l.startsWith('-- TLS handshake: TLSv1.3'))).toContain(
        'certificate mx1.good.test issued by NetToolbox Mail Test CA',
      )
      expect(world.peers.mx1.seen.secure).toContain(true)
      expect(check(answer, 'open-relay', 'mx1.good.test')).toMatchObject({
        status: 'pass',
        reason: 'relaying refused: 554 5.7.1 Relaying denied',
      })
      expect(answer.lines).toContain('SMTP transcript: mx1.good.test [127.25.25.2]:25')
    })

    it('checks reverse DNS with forward confirmation', () => {
      expect(check(answer, 'reverse-dns', 'mx2.good.test')).toMatchObject({
        status: 'pass',
        reason: 'mx2.good.test (forward-confirmed)',
      })
    })

    it('reports the MTA-STS policy host whose certificate is not trusted', () => {
      expect(check(answer, 'mta-sts')?.status).toBe('fail')
      expect(check(answer, 'mta-sts')?.reason).toMatch(
        /^policy id 20260101T000000 published, but the policy file is unavailable: mta-sts\.good\.test \(127\.25\.25\.7\): the certificate is not trusted: it is not issued by a trusted authority \(an unknown CA, or an intermediate certificate the server does not send\)$/,
      )
    })
  })

  it('flags an open relay without ever sending DATA, and fails SPF over 10 lookups and a missing DMARC', async () => {
    const answer = await test('bad.test')
    expect(check(answer, 'open-relay', 'mx.bad.test')).toMatchObject({
      status: 'fail',
      reason: 'accepted a recipient outside its domains (250 Accepted): open relay; no message was sent',
    })
    expect(world.peers.relay.seen.rcptTo).toContain('relay-test@example.org')
    expect(world.peers.relay.seen.data).toBe(0)
    expect(transcript(answer, 'mx.bad.test').filter((l) => /^C: DATA/i.test(l))).toEqual([])
    expect(check(answer, 'spf')).toMatchObject({
      status: 'fail',
      reason: '11 DNS lookups, more than 10: receivers return permerror',
    })
    expect(check(answer, 'dmarc')).toMatchObject({
      status: 'fail',
      reason: 'no DMARC record at _dmarc.bad.test: spoofed mail is not rejected',
    })
    expect(check(answer, 'reverse-dns', 'mx.bad.test')).toMatchObject({
      status: 'warn',
      reason: 'PTR mail.elsewhere.test does not resolve back to 127.25.25.4',
    })
  })

  it('fails SPF +all and warns on DMARC p=none', async () => {
    const answer = await test('lax.test')
    expect(check(answer, 'spf')?.status).toBe('fail')
    expect(check(answer, 'spf')?.reason).toMatch(/^\+all: every server on the internet may send as this domain/)
    expect(check(answer, 'dmarc')).toMatchObject({
      status: 'warn',
      reason: 'p=none: monitoring only, spoofed mail is still delivered; no aggregate reports (rua)',
    })
  })

  it('stops waiting for a banner that never comes and reports a timeout, within the deadline', {
    timeout: 60_000,
  }, async () => {
    const answer = await test('slow.test')
    expect(answer.status).toBe('ok')
    expect(world.tarpitConnections()).toBeGreaterThan(0)
    expect(check(answer, 'smtp-banner', 'mx.slow.test')).toMatchObject({
      status: 'fail',
      reason: 'no banner within 12 s: the server accepted the connection but stayed silent',
    })
  })

  it('reports a null MX as a domain that accepts no mail, and contacts nothing', async () => {
    const answer = await test('nomail.test')
    expect(answer.result?.mxSource).toBe('null-mx')
    expect(answer.result?.mx).toEqual([])
    expect(check(answer, 'mx')).toMatchObject({
      status: 'info',
      reason: 'null MX (RFC 7505): nomail.test declares that it accepts no mail',
    })
  })

  it('falls back to the domain address when there is no MX, and tests it over SMTP', async () => {
    const answer = await test('fallback.test')
    expect(answer.result?.mxSource).toBe('address-fallback')
    expect(check(answer, 'mx')?.status).toBe('warn')
    expect(check(answer, 'mx')?.reason).toContain(`own address ${MAIL_HOSTS.mx2}`)
    expect(check(answer, 'smtp-banner', 'fallback.test')?.status).toBe('pass')
  })

  it('reports an MX address the policy denies as not checked, contacts nothing, and counts it apart', async () => {
    const answer = await test('private.test')
    expect(check(answer, 'mx-address', 'mx.private.test')).toEqual({
      id: 'mx-address',
      title: 'Mail server address',
      status: 'skipped',
      reason: 'not checked: mx.private.test resolves to 198.51.100.25, which is not allowed: documentation range',
      host: 'mx.private.test',
    })
    expect(answer.result?.mx[0]?.addresses).toEqual([])
    // The summary counts only the checks made; the mail server is counted apart, never as passed.
    const checks = answer.result?.checks ?? []
    const made = checks.filter((c) => c.status !== 'skipped')
    const count = (status: string) => checks.filter((c) => c.status === status).length
    expect(count('skipped')).toBeGreaterThanOrEqual(1)
    expect(answer.lines[1]).toBe(
      `${made.length} checks made: ${count('pass')} passed, ${count('warn')} warning${count('warn') === 1 ? '' : 's'}, ${count('fail')} failed; ${count('skipped')} could not be made`,
    )
  })

  it('answers NXDOMAIN as a failed result', async () => {
    const answer = await test('missing.test')
    expect(answer).toMatchObject({
      status: 'failed',
      failureSource: 'target',
      error: 'missing.test does not exist (NXDOMAIN)',
    })
  })

  it('tests an IP address directly as a mail host', async () => {
    const answer = await test(MAIL_HOSTS.mx2)
    expect(answer.result?.mxSource).toBe('ip-literal')
    expect(check(answer, 'starttls', MAIL_HOSTS.mx2)?.status).toBe('fail')
  })
})

describe('POST /api/tools/mail input', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp({ DNS_SERVERS: '127.0.0.1:9' })
  })
  afterAll(async () => t?.close())

  it('answers 400 "Invalid domain format" for a malformed domain', async () => {
    const res = await checkTool(t, 'mail', 'bad_domain!')
    expect(res.statusCode).toBe(400)
    expect(res.json()).toEqual({ error: { type: 'invalid_input', message: 'Invalid domain format' } })
  })
})
