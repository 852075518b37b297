import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import type { AbuseResult } from '../../../shared/tools/abuse.ts'
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
  blacklists: { listed: 1, allowed: 1, clean: 30, unknown: 0, total: 32 },
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

describe('RiskLegend', () => {
  it('shows the spec levels and both advice thresholds', () => {
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
