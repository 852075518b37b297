import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import type { DnsQueryResult, DnsResult } from '../../../shared/tools/dns/schema.ts'
import { DnsRecordsTable } from './dns-records-table.tsx'

const flags = { qr: true, aa: true, tc: false, rd: false, ra: false, ad: false, cd: false }
const query = (patch: Partial<DnsQueryResult>): DnsQueryResult => ({
  type: 'A',
  rcode: 'NOERROR',
  flags,
  transport: 'udp',
  queryTimeMs: 3,
  answers: [],
  authority: [],
  additional: [],
  ...patch,
})
const rr = (name: string, type: string, value: string) => ({ name, type, class: 'IN', ttl: 300, value })

const traced: DnsResult = {
  name: 'xn--bcher-kva.test',
  unicodeName: 'bücher.test',
  server: '198.51.100.3:53',
  resolver: 'Delegation walk from the root servers',
  dnssec: true,
  queries: [
    query({
      answers: [rr('xn--bcher-kva.test', 'A', '198.51.100.150')],
      authority: [rr('xn--bcher-kva.test', 'NS', 'ns1.example.test.')],
    }),
  ],
  trace: [
    {
      zone: '.',
      server: '198.41.0.4:53',
      serverName: 'a.root-servers.net',
      outcome: 'referral',
      referral: 'test.',
      queryTimeMs: 12,
      records: [rr('test', 'NS', 'ns1.test.'), rr('test', 'DS', '1 13 2 AB')],
      glue: [],
      notes: [],
    },
    { zone: 'test.', server: '198.51.100.9:53', outcome: 'failed', error: 'timeout', records: [], glue: [], notes: [] },
  ],
}

describe('DnsRecordsTable', () => {
  const html = renderToStaticMarkup(<DnsRecordsTable result={traced} />)

  it('shows the Unicode and ASCII forms and who answered', () => {
    expect(html).toContain('bücher.test')
    expect(html).toContain('xn--bcher-kva.test</span>')
    expect(html).toContain(
      'Answered by Delegation walk from the root servers · 198.51.100.3:53 · DNSSEC records requested',
    )
  })

  it('shows one row per trace step with the referral, its DS and failures', () => {
    expect(html).toContain('Delegation from the root')
    expect(html).toContain('a.root-servers.net')
    expect(html).toMatch(/to <span[^>]*>test\.<\/span> \(ns1\.test\.\) · DS/)
    expect(html).toContain('No usable answer')
    expect(html).toContain('timeout')
  })

  it('shows a table per non-empty section', () => {
    expect(html).toContain('>Answer</caption>')
    expect(html).toContain('>Authority</caption>')
    expect(html).not.toContain('>Additional</caption>')
  })
})

describe('DnsRecordsTable with a type left unanswered', () => {
  const partial: DnsResult = {
    name: 'example.test',
    unicodeName: 'example.test',
    server: '127.0.0.1:53',
    resolver: 'System resolver',
    dnssec: false,
    queries: [query({ answers: [rr('example.test', 'A', '198.51.100.7')] })],
    unanswered: [{ type: 'MX', rcode: 'SERVFAIL', error: "This server's resolver 127.0.0.1:53 answered SERVFAIL" }],
  }
  const html = renderToStaticMarkup(<DnsRecordsTable result={partial} />)

  it('counts only the answered types and shows the other as not checked, with why', () => {
    expect(html).toContain(
      'Answered 1 of 2 record types; not checked: MX: This server&#x27;s resolver 127.0.0.1:53 answered SERVFAIL',
    )
    expect(html).toMatch(
      />MX<\/span><span[^>]*>Not checked: This server&#x27;s resolver 127\.0\.0\.1:53 answered SERVFAIL</,
    )
    expect(html).not.toContain('No MX records')
  })
})
