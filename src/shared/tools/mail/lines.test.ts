import { describe, expect, it } from 'vitest'
import { MAIL_CHECK_HELP } from './explain.ts'
import { mailLines } from './lines.ts'
import type { MailResult } from './schema.ts'

const result: MailResult = {
  domain: 'example.com',
  mxSource: 'mx',
  mx: [
    {
      name: 'mx.example.com',
      preference: 10,
      addresses: [
        {
          address: '198.51.100.25',
          ptr: ['other.example.net'],
          forwardConfirmed: false,
          smtp: {
            port: 25,
            extensions: [],
            greeting: 'ehlo',
            starttls: 'not-offered',
            relay: { verdict: 'refused', reply: '554 no' },
            transcript: ['S: 220 mx.example.com ESMTP', 'C: EHLO tools.example.org', 'S: 250 mx.example.com'],
          },
        },
      ],
    },
    { name: 'backup.example.com', preference: 20, addresses: [], error: 'backup.example.com has no A or AAAA records' },
  ],
  checks: [
    { id: 'mx', title: 'MX records', status: 'pass', reason: '2 MX records' },
    { id: 'dmarc', title: 'DMARC', status: 'fail', reason: 'no DMARC record' },
    {
      id: 'starttls',
      title: 'STARTTLS',
      status: 'fail',
      reason: 'not offered',
      host: 'mx.example.com [198.51.100.25]',
    },
  ],
  spf: { record: 'v=spf1 mx -all', terms: [], lookups: 1, voidLookups: 0 },
  dkim: [{ selector: 'default', keyType: 'rsa', bits: 2048, revoked: false }],
}

describe('mailLines()', () => {
  it('renders the MX table, domain checks, per-host checks, records and each transcript', () => {
    expect(mailLines(result)).toEqual([
      'Mail test for example.com',
      '3 checks made: 1 passed, 0 warnings, 2 failed',
      '',
      'MX records',
      '     10  mx.example.com      198.51.100.25 (PTR other.example.net, not forward-confirmed)',
      '     20  backup.example.com  backup.example.com has no A or AAAA records',
      '',
      'Checks',
      '  [PASS] MX records  2 MX records',
      '  [FAIL] DMARC       no DMARC record',
      '',
      'mx.example.com [198.51.100.25]',
      '  [FAIL] STARTTLS  not offered',
      '',
      'Scored report',
      '  Mail server reachability & STARTTLS: fail (50/100)',
      '  DANE: not tested',
      '  MTA-STS & TLS-RPT: not tested',
      '  SPF: not tested',
      '  DMARC: fail (0/100)',
      '  DKIM: not tested',
      '  BIMI: not tested',
      '  IPv6: not tested',
      '',
      'What to fix',
      '  [FAIL] Mail server reachability & STARTTLS: STARTTLS (mx.example.com [198.51.100.25])',
      `      Why: ${MAIL_CHECK_HELP.starttls.why}`,
      `      Fix: ${MAIL_CHECK_HELP.starttls.fix}`,
      '  [FAIL] DMARC: DMARC',
      `      Why: ${MAIL_CHECK_HELP.dmarc.why}`,
      `      Fix: ${MAIL_CHECK_HELP.dmarc.fix}`,
      '',
      'Records',
      '  SPF: v=spf1 mx -all',
      '  DKIM default._domainkey: rsa, 2048 bits',
      '',
      'SMTP transcript: mx.example.com [198.51.100.25]:25',
      '  S: 220 mx.example.com ESMTP',
      '  C: EHLO tools.example.org',
      '  S: 250 mx.example.com',
      '',
    ])
  })

  it('names the address fallback and shows no MX table for a null MX', () => {
    expect(mailLines({ ...result, mxSource: 'address-fallback' })[3]).toBe('Mail host (no MX: address fallback)')
    const nullMx = mailLines({ ...result, mxSource: 'null-mx', mx: [], checks: [], spf: undefined, dkim: [] })
    expect(nullMx).toEqual([
      'Mail test for example.com',
      '0 checks made: 0 passed, 0 warnings, 0 failed',
      '',
      'Checks',
      '',
    ])
  })

  it('counts only the checks that were made, and those that could not be made apart', () => {
    const partial: MailResult = {
      ...result,
      checks: [
        ...result.checks,
        {
          id: 'spf',
          title: 'SPF',
          status: 'skipped',
          reason: "not checked: this server's resolver did not answer for example.com TXT",
        },
        { id: 'smtp-connect', title: 'SMTP connection', status: 'warn', reason: 'slow' },
      ],
    }
    const lines = mailLines(partial)
    expect(lines[1]).toBe('4 checks made: 1 passed, 1 warning, 2 failed; 1 could not be made')
    expect(
      lines.some((l) =>
        /^ {2}\[SKIP\] SPF +not checked: this server's resolver did not answer for example\.com TXT$/.test(l),
      ),
    ).toBe(true)
  })
})

describe('mailLines() with the mail servers checked and not checked', () => {
  it('says how many mail servers were checked and why the others could not be', () => {
    const [mx, backup] = result.mx
    if (!mx || !backup) throw new Error('fixture')
    const lines = mailLines({
      ...result,
      mx: [
        { ...mx, status: 'checked' },
        { ...backup, status: 'not-checked', notChecked: 'backup.example.com has no A or AAAA records' },
      ],
    })
    expect(lines.slice(1, 4)).toEqual([
      '3 checks made: 1 passed, 0 warnings, 2 failed',
      '1 of 2 mail servers checked; backup.example.com could not be reached: backup.example.com has no A or AAAA records',
      '',
    ])
  })
})
