import { describe, expect, it } from 'vitest'
import type { MxAddress } from '../../shared/tools/mail/schema.ts'
import { judgeDane, judgeTlsaLookup, type TlsaLookup } from './dane-check.ts'

const record = (usage: number, selector = 1, matchingType = 1) => ({
  usage,
  selector,
  matchingType,
  data: Buffer.alloc(32, 0xab),
})
const lookup = (records: ReturnType<typeof record>[], dnssec: 'secure' | 'not-validated' = 'secure'): TlsaLookup => ({
  kind: 'records',
  name: '_25._tcp.mx.example.com',
  records,
  info: { records: [], dnssec, dnssecNote: 'Secure: signed by example.com' },
})
const plain: MxAddress = {
  address: '198.51.100.25',
  ptr: [],
  forwardConfirmed: false,
  smtp: {
    port: 25,
    connectMs: 10,
    extensions: [],
    greeting: 'ehlo',
    starttls: 'not-offered',
    relay: { verdict: 'refused', reply: '554' },
    transcript: [],
  },
}
const host = 'mx.example.com [198.51.100.25]'

describe('judgeDane()', () => {
  it('fails records of usage 0 and 1 only: SMTP senders ignore them', () => {
    expect(judgeDane(lookup([record(1), record(0)]), plain, undefined, host)).toMatchObject({
      status: 'fail',
      reason:
        'no usable TLSA record (SMTP uses only usage 2 or 3): 1 1 1 (PKIX-EE, public key, SHA-256); 0 1 1 (PKIX-TA, public key, SHA-256)',
    })
  })

  it('fails TLSA records on a server that offers no STARTTLS', () => {
    expect(judgeDane(lookup([record(3)]), plain, undefined, host)).toMatchObject({
      status: 'fail',
      reason: 'TLSA records published, but STARTTLS is not offered: DANE senders will not deliver',
    })
  })

  it('leaves an address it could not connect to not checked', () => {
    const silent: MxAddress = { ...plain, smtp: undefined, skipped: 'the time budget of the test ran out' }
    expect(judgeDane(lookup([record(3)]), silent, undefined, host)).toMatchObject({
      status: 'skipped',
      reason: 'not checked: the time budget of the test ran out',
    })
  })
})

describe('judgeTlsaLookup()', () => {
  it('reports no TLSA records as info, a failed lookup as not checked, and the DNSSEC verdict', () => {
    expect(judgeTlsaLookup({ kind: 'none', name: '_25._tcp.mx.example.com' }, 'mx.example.com')[0]).toMatchObject({
      status: 'info',
      reason: 'no TLSA records at _25._tcp.mx.example.com: DANE is not used',
    })
    expect(
      judgeTlsaLookup({ kind: 'error', name: 'x', error: "this server's resolver answered SERVFAIL" }, 'mx')[0]?.status,
    ).toBe('skipped')
    expect(judgeTlsaLookup(lookup([record(3)]), 'mx.example.com')[0]).toMatchObject({
      id: 'dane-dnssec',
      status: 'pass',
      reason: 'TLSA records validated: Secure: signed by example.com',
    })
  })
})
