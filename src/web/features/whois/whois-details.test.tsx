import { readFileSync } from 'node:fs'
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { parseWhoisFields } from '../../../diagnostics/whois/parse-whois.ts'
import type { WhoisResult } from '../../../shared/tools/whois.ts'
import { WhoisDetails } from './whois-details.tsx'

// A real JPRS answer ("p. [Name Server]" keys, JST times) read by the parser, then shown by the panel.
const raw = readFileSync(new URL('../../../../test/fixtures/whois-corpus/jp-1.txt', import.meta.url), 'utf8')
const domain = /\[Domain Name\]\s+(\S+)/.exec(raw)?.[1]?.toLowerCase() ?? ''

const result: WhoisResult = {
  ...parseWhoisFields(raw, { domain }),
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
    // "2024/01/01 01:04:32 (JST)" is shown in UTC.
    expect(result.updatedAt).toBe('2023-12-31T16:04:32Z')
    for (const value of ['2023-12-31T16:04:32Z', ...result.nameServers]) expect(html).toContain(value)
    expect(result.nameServers).toContain('ns1.mod.go.jp')
    expect(html).toContain('Connected')
    expect(html).toContain('whois · whois.jprs.jp')
  })
})
