import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import type { MailResult } from '../../../shared/tools/mail/schema.ts'
import { MailReport } from './mail-report.tsx'
import { countByStatus, serverCards } from './mail-view-model.ts'

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
          ptr: ['mx.example.com'],
          forwardConfirmed: true,
          smtp: {
            port: 25,
            connectMs: 20,
            bannerMs: 90,
            banner: '220 mx.example.com ESMTP',
            extensions: ['PIPELINING', 'SIZE 1000'],
            greeting: 'ehlo',
            starttls: 'not-offered',
            relay: { verdict: 'open', reply: '250 Ok' },
            transcript: ['S: 220 mx.example.com ESMTP', 'C: EHLO tools.example.org'],
          },
        },
      ],
    },
    { name: 'private.example.com', preference: 20, addresses: [], error: 'denied' },
  ],
  checks: [
    { id: 'mx', title: 'MX records', status: 'pass', reason: '2 MX records' },
    { id: 'dmarc', title: 'DMARC', status: 'warn', reason: 'p=none' },
    {
      id: 'open-relay',
      title: 'Open relay',
      status: 'fail',
      reason: 'open relay',
      host: 'mx.example.com [198.51.100.25]',
    },
    {
      id: 'mx-address',
      title: 'Mail server address',
      status: 'warn',
      reason: 'not contacted',
      host: 'private.example.com',
    },
  ],
  dkim: [],
}

describe('serverCards() and countByStatus()', () => {
  it('makes one card per address with its checks, and one for a host without addresses', () => {
    const cards = serverCards(result)
    expect(cards.map((c) => [c.key, c.checks.map((check) => check.id)])).toEqual([
      ['mx.example.com [198.51.100.25]', ['open-relay']],
      ['private.example.com', ['mx-address']],
    ])
    expect(cards[1]?.error).toBe('denied')
  })

  it('puts the checks of a host as a whole on the card of its first address', () => {
    const ipv6 = { id: 'ipv6', title: 'IPv6', status: 'warn' as const, reason: 'no AAAA', host: 'mx.example.com' }
    const cards = serverCards({ ...result, checks: [...result.checks, ipv6] })
    expect(cards[0]?.checks.map((check) => check.id)).toEqual(['open-relay', 'ipv6'])
  })

  it('counts checks per verdict', () => {
    expect(countByStatus(result.checks)).toEqual({ pass: 1, warn: 2, fail: 1, info: 0, skipped: 0 })
  })
})

describe('<MailReport>', () => {
  const html = renderToStaticMarkup(<MailReport result={result} />)

  it('shows the verdict counts and each check with its badge and reason', () => {
    expect(html).toContain('1 Pass')
    expect(html).toContain('2 Warn')
    expect(html).toContain('1 Fail')
    expect(html).toMatch(/<th scope="row"[^>]*>Open relay<\/th><td[^>]*>open relay<\/td>/)
  })

  it('shows the server facts, its extensions and a collapsed transcript', () => {
    expect(html).toContain('220 mx.example.com ESMTP')
    expect(html).toContain('SIZE 1000')
    expect(html).toMatch(
      /<details[^>]*><summary[^>]*>SMTP transcript \(port 25\)<\/summary><pre[^>]*>S: 220 mx.example.com ESMTP\nC: EHLO tools.example.org<\/pre>/,
    )
  })
})

describe('<MailReport> scored report', () => {
  const html = renderToStaticMarkup(<MailReport result={result} />)

  it('shows every category with its verdict and score', () => {
    expect(html).toContain('Scored report')
    expect(html).toMatch(/>Mail server reachability &amp; STARTTLS<\/span><span[^>]*>fail · 50\/100<\/span>/)
    expect(html).toMatch(/>DMARC<\/span><span[^>]*>warning · 50\/100<\/span>/)
    expect(html).toMatch(/>DANE<\/span><span[^>]*>not tested<\/span>/)
  })

  it('opens why it matters and how to fix for a failed check, with the configuration line', () => {
    expect(html).toMatch(/<details[^>]*open=""><summary[^>]*>Why it matters and how to fix<\/summary>/)
    expect(html).toContain('smtpd_relay_restrictions = permit_mynetworks')
  })
})
