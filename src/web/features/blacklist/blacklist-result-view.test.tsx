import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { type BlacklistResult, type BlacklistRow, summarizeRows } from '../../../shared/tools/blacklist/schema.ts'
import { BlacklistResultView } from './blacklist-result-view.tsx'

const row = (list: string, status: BlacklistRow['status'], extra: Partial<BlacklistRow> = {}): BlacklistRow => ({
  id: list.toLowerCase(),
  list,
  zone: `${list.toLowerCase()}.dnsbl.test`,
  kind: 'ip',
  target: '198.51.100.10',
  query: `10.100.51.198.${list.toLowerCase()}.dnsbl.test`,
  status,
  codes: [],
  meanings: [],
  detail: status === 'clean' ? 'Not listed' : 'unverified: no answer within 4 s',
  reason: null,
  timeMs: 3,
  info: 'https://lab.dnsbl.test/',
  ...extra,
})

describe('BlacklistResultView', () => {
  const rows = [
    row('Clean', 'clean'),
    row('Slow', 'unverified'),
    row('Zen', 'listed', {
      codes: ['127.0.0.2'],
      meanings: ['SBL: direct spam source'],
      reason: 'see SBL100',
      delisting: 'https://delist.dnsbl.test/',
    }),
  ]
  const result: BlacklistResult = {
    host: '198.51.100.10',
    targetType: 'ip',
    addresses: ['198.51.100.10'],
    domain: null,
    rows,
    summary: summarizeRows(rows),
    notes: [],
  }
  const html = renderToStaticMarkup(<BlacklistResultView result={result} />)

  it('shows the counts and puts listed lists first, with meaning, code and reason', () => {
    expect(html).toContain('1 listed')
    expect(html).toContain('1 clean')
    expect(html).toContain('1 unverified')
    expect(html).toContain('Listed on 1 of 2 reachable lists; 1 list could not be checked')
    expect(html.indexOf('Zen')).toBeLessThan(html.indexOf('Slow'))
    expect(html.indexOf('Slow')).toBeLessThan(html.indexOf('>Clean<'))
    expect(html).toContain('SBL: direct spam source')
    expect(html).toContain('127.0.0.2')
    expect(html).toContain('see SBL100')
  })

  it('names what is listed and links the list removal page beside the listing', () => {
    expect(html).toContain('Listed: 198.51.100.10 on Zen')
    expect(html).toMatch(/<a href="https:\/\/delist\.dnsbl\.test\/"[^>]*>Request removal from Zen<\/a>/)
  })

  it('shows an unanswered list as unverified with why, never as clean', () => {
    expect(html).toContain('unverified: no answer within 4 s')
    expect(html).toContain('>Unverified<')
  })
})
