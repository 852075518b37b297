import { describe, expect, it } from 'vitest'
import type { MxAddress, SmtpSession, TlsSummary } from '../../shared/tools/mail/schema.ts'
import { describeTrustError } from '../../shared/tools/ssl/trust-words.ts'
import { judgeMxAddress } from './smtp-checks.ts'

const HOST = 'mx.example.com [198.51.100.25]'

const tls: TlsSummary = {
  version: 'TLSv1.3',
  cipher: 'TLS_AES_256_GCM_SHA384',
  subject: 'CN=mx.example.com',
  issuer: 'CN=Example CA',
  altNames: ['mx.example.com'],
  validFrom: '2026-01-01T00:00:00.000Z',
  validTo: '2027-01-01T00:00:00.000Z',
  trusted: true,
  hostnameMatch: true,
}

function session(overrides: Partial<SmtpSession>): SmtpSession {
  return {
    port: 25,
    connectMs: 12,
    bannerMs: 80,
    banner: '220 mx.example.com ESMTP',
    extensions: ['PIPELINING', 'SIZE 52428800', 'STARTTLS'],
    greeting: 'ehlo',
    starttls: 'ok',
    tls,
    relay: { verdict: 'refused', reply: '554 5.7.1 Relay access denied' },
    transcript: [],
    ...overrides,
  }
}

const address = (smtp: SmtpSession | undefined, extra: Partial<MxAddress> = {}): MxAddress => ({
  address: '198.51.100.25',
  ptr: ['mx.example.com'],
  forwardConfirmed: true,
  ...(smtp ? { smtp } : {}),
  ...extra,
})

const verdicts = (a: MxAddress) => judgeMxAddress(a, 'mx.example.com', HOST).map((c) => [c.id, c.status, c.reason])

describe('judgeMxAddress()', () => {
  it('passes a well-run server, every check carrying the host', () => {
    const checks = judgeMxAddress(address(session({})), 'mx.example.com', HOST)
    expect(checks.every((c) => c.host === HOST)).toBe(true)
    expect(verdicts(address(session({})))).toEqual([
      ['reverse-dns', 'pass', 'mx.example.com (forward-confirmed)'],
      ['smtp-connect', 'pass', 'port 25 open, connected in 12 ms'],
      ['smtp-banner', 'pass', '220 mx.example.com ESMTP (after 0.1 s)'],
      ['ehlo', 'pass', '3 extensions: PIPELINING, SIZE, STARTTLS; size limit 50.0 MB'],
      ['starttls', 'pass', 'TLSv1.3, TLS_AES_256_GCM_SHA384'],
      ['tls-certificate', 'pass', 'CN=mx.example.com, valid until 2027-01-01'],
      ['open-relay', 'pass', 'relaying refused: 554 5.7.1 Relay access denied'],
    ])
  })

  it('fails a missing PTR and an open relay, and warns on a slow banner', () => {
    const open = session({ bannerMs: 6200, relay: { verdict: 'open', reply: '250 2.1.5 Ok' } })
    const found = verdicts(address(open, { ptr: [], forwardConfirmed: false }))
    expect(found).toContainEqual([
      'reverse-dns',
      'fail',
      'no PTR record for 198.51.100.25: many receivers refuse such senders',
    ])
    expect(found).toContainEqual(['smtp-banner', 'warn', 'slow greeting: 220 mx.example.com ESMTP (after 6.2 s)'])
    expect(found).toContainEqual([
      'open-relay',
      'fail',
      'accepted a recipient outside its domains (250 2.1.5 Ok): open relay; no message was sent',
    ])
  })

  it('fails an expired certificate and warns on a name mismatch', () => {
    const expired = session({ tls: { ...tls, trusted: false, trustError: describeTrustError('CERT_HAS_EXPIRED') } })
    expect(verdicts(address(expired))).toContainEqual([
      'tls-certificate',
      'fail',
      'CN=mx.example.com: not trusted: it has expired',
    ])
    const other = session({ tls: { ...tls, hostnameMatch: false } })
    expect(verdicts(address(other))).toContainEqual([
      'tls-certificate',
      'warn',
      'CN=mx.example.com: does not match mx.example.com',
    ])
  })

  it('reports only the connection when it could not be opened', () => {
    const refused = session({
      connectMs: undefined,
      bannerMs: undefined,
      banner: undefined,
      greeting: 'none',
      starttls: 'not-tried',
      tls: undefined,
      relay: { verdict: 'untested', reply: '' },
      connectFailure: 'refused',
      error: 'connection refused on port 25',
    })
    expect(verdicts(address(refused)).slice(1)).toEqual([['smtp-connect', 'fail', 'connection refused on port 25']])
  })

  it('leaves the connection not checked, neither failed nor passed, when this server has no route to the address', () => {
    const unreachable = session({
      connectMs: undefined,
      bannerMs: undefined,
      banner: undefined,
      greeting: 'none',
      starttls: 'not-tried',
      tls: undefined,
      relay: { verdict: 'untested', reply: '' },
      connectFailure: 'unreachable',
      error: 'no route from this server to 2001:db8::25 (ENETUNREACH)',
    })
    expect(verdicts(address(unreachable)).slice(1)).toEqual([
      ['smtp-connect', 'skipped', 'not checked: no route from this server to 2001:db8::25 (ENETUNREACH)'],
    ])
  })

  it('fails the banner of a server that stays silent and judges nothing after it', () => {
    const silent = session({
      bannerMs: undefined,
      banner: undefined,
      greeting: 'none',
      starttls: 'not-tried',
      tls: undefined,
      relay: { verdict: 'untested', reply: '' },
      error: 'no banner within 12 s: the server accepted the connection but stayed silent',
    })
    expect(verdicts(address(silent)).slice(2)).toEqual([
      ['smtp-banner', 'fail', 'no banner within 12 s: the server accepted the connection but stayed silent'],
    ])
  })

  it('fails a server that refuses the session in its banner', () => {
    const refusing = session({
      banner: '554 no service',
      greeting: 'none',
      starttls: 'not-tried',
      tls: undefined,
      relay: { verdict: 'untested', reply: '' },
      error: 'server refused the session: 554 no service',
    })
    expect(verdicts(address(refusing)).slice(2)).toEqual([
      ['smtp-banner', 'fail', 'the server refused the session: 554 no service'],
    ])
  })

  it('warns on a HELO-only server and fails STARTTLS that breaks, leaving the relay not checked', () => {
    const broken = session({
      greeting: 'helo',
      starttls: 'failed',
      tls: undefined,
      relay: { verdict: 'untested', reply: '' },
      error: 'TLS handshake failed: ECONNRESET',
    })
    const found = verdicts(address(broken))
    expect(found).toContainEqual(['ehlo', 'warn', 'EHLO refused, HELO accepted: no ESMTP extensions'])
    expect(found).toContainEqual(['starttls', 'fail', 'TLS handshake failed: ECONNRESET'])
    expect(found).toContainEqual(['open-relay', 'skipped', 'not checked: TLS handshake failed: ECONNRESET'])
  })

  it('marks an address left out as not checked', () => {
    expect(verdicts(address(undefined, { skipped: 'the time budget of the test ran out' })).slice(1)).toEqual([
      ['smtp-connect', 'skipped', 'not checked: the time budget of the test ran out'],
    ])
  })
})
