import { describe, expect, it } from 'vitest'
import { MAIL_CHECK_HELP, MAIL_CHECK_IDS } from './explain.ts'
import { buildMailReport, categoryHeadline, mailCategoryOf } from './report.ts'
import type { MailCheck } from './schema.ts'

const headline = (report: ReturnType<typeof buildMailReport>, id: string) => {
  const category = report.find((c) => c.id === id)
  return category ? categoryHeadline(category) : `no category ${id}`
}

const check = (id: string, status: MailCheck['status']): MailCheck => ({ id, title: id, status, reason: status })

describe('buildMailReport()', () => {
  it('scores a category over the checks made: pass 1, warning 1/2, fail 0, not-checked left out', () => {
    const report = buildMailReport([
      check('starttls', 'pass'),
      check('tls-grade', 'warn'),
      check('open-relay', 'skipped'),
      check('spf', 'fail'),
    ])
    const reach = report.find((c) => c.id === 'reachability')
    expect(reach).toMatchObject({ verdict: 'warn', score: 75 })
    expect(reach?.checks.map((c) => c.id)).toEqual(['starttls', 'tls-grade', 'open-relay'])
    expect(headline(report, 'spf')).toBe('SPF: fail (0/100)')
  })

  it('calls a category with only not-checked checks "not tested", and one with only findings "info"', () => {
    const report = buildMailReport([check('dane-dnssec', 'skipped'), check('bimi', 'info')])
    expect(headline(report, 'dane')).toBe('DANE: not tested')
    expect(headline(report, 'bimi')).toBe('BIMI: info')
  })

  it('gives every known check a category and why/fix texts', () => {
    for (const id of MAIL_CHECK_IDS) {
      expect(MAIL_CHECK_HELP[id].why.length).toBeGreaterThan(20)
      expect(MAIL_CHECK_HELP[id].fix.length).toBeGreaterThan(20)
    }
    expect(mailCategoryOf('dane')).toBe('dane')
    expect(mailCategoryOf('tls-rpt')).toBe('mta-sts')
    expect(buildMailReport([check('ipv6', 'fail')]).find((c) => c.id === 'ipv6')?.checks[0]?.fix).toContain(
      'inet_protocols = all',
    )
  })
})
