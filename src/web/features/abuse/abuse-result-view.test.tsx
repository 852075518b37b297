import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import type { AbuseResult } from '../../../shared/tools/abuse/schema.ts'
import { AbuseResultView } from './abuse-result-view.tsx'
import { RiskLegend } from './risk-legend.tsx'

const result: AbuseResult = {
  ip: '198.51.100.10',
  abuseScore: 55,
  riskLevel: 'medium',
  reputation: 'Medium risk',
  advice: 'Block or closely watch traffic from this IP address, and report abuse to its network owner.',
  categories: ['spam source'],
  lastSeen: null,
  ispInfo: { org: 'Lab Hosting (AS64500)', country: null, abuseEmail: 'abuse@lab.test' },
  evidence: [
    { source: 'Spamhaus ZEN', detail: 'SBL: direct spam source', points: 35 },
    { source: 'DNSWL.org', detail: 'Allow-listed: trust none', points: 0 },
  ],
  blacklists: { listed: 1, allowed: 1, clean: 30, unverified: 0, checked: 32, total: 32 },
  sources: [
    { source: 'Block lists', status: 'checked', detail: '32 of 32 checked' },
    { source: 'AbuseIPDB', status: 'not checked', detail: 'no ABUSEIPDB_KEY is configured on this server' },
  ],
  notes: [],
}

describe('AbuseResultView', () => {
  const html = renderToStaticMarkup(<AbuseResultView result={result} />)

  it('shows the score on the meter, the risk label and the advice', () => {
    expect(html).toContain('value="55"')
    expect(html).toContain('Medium risk')
    expect(html).toContain('report abuse to its network owner')
  })

  it('lists every point of evidence and says "unknown" where no source told', () => {
    expect(html).toContain('+35')
    expect(html).toContain('Allow-listed: trust none')
    expect(html).toContain('abuse@lab.test')
    expect(html).toMatch(/Country<\/dt><dd class="text-zinc-500">unknown/)
  })
})

describe('AbuseResultView without enough evidence', () => {
  const html = renderToStaticMarkup(
    <AbuseResultView
      result={{
        ...result,
        abuseScore: null,
        riskLevel: null,
        reputation: 'Not enough evidence',
        advice: 'Only 3 of 32 block lists could be checked, fewer than half: no score is given. Try again later.',
        blacklists: { listed: 0, allowed: 0, clean: 3, unverified: 29, checked: 3, total: 32 },
      }}
    />,
  )

  it('shows no number and no meter, and says how many lists could be checked', () => {
    expect(html).toContain('Not enough evidence')
    expect(html).not.toContain('<meter')
    expect(html).not.toContain('/ 100')
    expect(html).toContain('Not listed on 3 of 3 reachable lists; 29 lists could not be checked')
    expect(html).toContain('Only 3 of 32 block lists could be checked')
  })

  it('names each source as checked or not checked, with the reason', () => {
    expect(html).toContain('Not checked')
    expect(html).toContain('no ABUSEIPDB_KEY is configured on this server')
  })
})

describe('RiskLegend', () => {
  it('shows the product levels and both advice thresholds', () => {
    const html = renderToStaticMarkup(<RiskLegend />)
    for (const text of [
      'Clean: 0',
      'Low risk: 1-24',
      'Medium risk: 25-74',
      'High risk: 75-100',
      'Above 50:',
      'Above 25:',
    ]) {
      expect(html).toContain(text)
    }
  })
})
