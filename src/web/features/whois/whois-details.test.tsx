import { readFileSync } from 'node:fs'
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { registrationFields, type WhoisResult } from '../../../shared/tools/whois/schema.ts'
import { WhoisDetails } from './whois-details.tsx'

// A real JPRS answer and its reviewed fields from the whois corpus (the parser is measured against
// them in src/diagnostics/whois/whois-corpus.test.ts), shown by the panel.
const corpus = new URL('../../../../test/fixtures/golden/whois-corpus/', import.meta.url)
const raw = readFileSync(new URL('jp-1.txt', corpus), 'utf8')
const expected = JSON.parse(readFileSync(new URL('jp-1.expected.json', corpus), 'utf8'))
const domain = /\[Domain Name\]\s+(\S+)/.exec(raw)?.[1]?.toLowerCase() ?? ''

const result: WhoisResult = {
  ...registrationFields.parse(expected.fields),
  query: domain,
  kind: 'domain',
  protocol: 'whois',
  sources: ['whois.jprs.jp'],
  raw,
  notes: [],
}

describe('WhoisDetails', () => {
  const html = renderToStaticMarkup(<WhoisDetails result={result} />)

  it('shows the structured registration fields of a whois answer', () => {
    // "2024/01/01 01:04:32 (JST)" in the raw answer is shown in UTC.
    expect(raw).toContain('2024/01/01 01:04:32 (JST)')
    for (const value of ['2023-12-31T16:04:32Z', '2006-12-19T00:00:00Z', ...result.nameServers]) {
      expect(html).toContain(value)
    }
    expect(result.nameServers).toContain('ns1.mod.go.jp')
    expect(html).toContain('Connected')
    expect(html).toContain('whois · whois.jprs.jp')
  })
})
