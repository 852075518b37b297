import { describe, expect, it } from 'vitest'
import { headerMessages, headersInput } from './input.ts'
import { mailHeadersLines } from './lines.ts'
import type { MailHeadersResult } from './schema.ts'

const result: MailHeadersResult = {
  message: { from: 'a@mail.test', to: 'b@rcpt.test', subject: 'Hi', date: 'Fri, 27 Nov 2026 10:00:00 +0000' },
  hops: [
    {
      number: 1,
      fromName: 'pc',
      fromAddress: '192.168.1.5',
      by: 'out.mail.test',
      with: 'ESMTPSA',
      tls: 'TLS',
      time: '2026-11-27T10:00:01.000Z',
      raw: '',
    },
    {
      number: 2,
      fromName: 'out.mail.test',
      fromAddress: '203.0.113.7',
      by: 'mx.rcpt.test',
      with: 'ESMTP',
      tls: 'none',
      time: '2026-11-27T09:58:01.000Z',
      delaySeconds: -120,
      raw: '',
    },
  ],
  totalSeconds: -120,
  auth: [
    {
      source: 'Authentication-Results',
      authservId: 'mx.rcpt.test',
      results: [{ method: 'spf', result: 'pass', properties: 'smtp.mailfrom=a@mail.test' }],
    },
  ],
  dkim: [],
  spf: { status: 'not-checked', detail: 'no envelope sender: no Return-Path, envelope-from or smtp.mailfrom' },
  relays: [{ address: '192.168.1.5', status: 'skipped', detail: 'not looked up: private network (RFC 1918)' }],
  anomalies: [{ kind: 'missing-message-id', text: 'No Message-ID header' }],
  notChecked: [],
}

describe('mailHeadersLines()', () => {
  it('writes each hop on one line, a negative delay as clock skew, and the re-checks with what they checked', () => {
    const lines = mailHeadersLines(result)
    expect(lines).toContain(
      '1. | from pc ([192.168.1.5]) | by out.mail.test | with ESMTPSA | TLS TLS | 2026-11-27 10:00:01 UTC | delay —',
    )
    expect(lines).toContain(
      '2. | from out.mail.test ([203.0.113.7]) | by mx.rcpt.test | with ESMTP | TLS none | 2026-11-27 09:58:01 UTC | delay clock skew (−2 min)',
    )
    expect(lines).toContain('Authentication-Results by mx.rcpt.test: spf=pass (smtp.mailfrom=a@mail.test)')
    expect(lines).toContain('DKIM: no DKIM-Signature header')
    expect(lines).toContain('Block lists 192.168.1.5: skipped - not looked up: private network (RFC 1918)')
    expect(lines).toContain('! No Message-ID header')
  })
})

describe('headersInput', () => {
  it('accepts a header section and refuses blank text and text without header lines', () => {
    expect(headersInput.safeParse('Subject:hello').success).toBe(true)
    expect(headersInput.safeParse('X-Custom: 1').success).toBe(true)
    expect(headersInput.safeParse(' ').error?.issues[0]?.message).toBe(headerMessages.blank)
    expect(headersInput.safeParse('dear support, my mail bounced').error?.issues[0]?.message).toBe(
      headerMessages.noHeaders,
    )
  })
})
