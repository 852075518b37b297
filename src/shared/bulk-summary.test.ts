import { describe, expect, it } from 'vitest'
import { failureSummary, summarizeBulkAnswer } from './bulk-summary.ts'
import { DNS_SUMMARY_MAX_RECORDS, summarizeDns } from './bulk-summary-dns.ts'
import type { DnsQueryResult, DnsRecord, DnsResult } from './tools/dns/schema.ts'
import type { ToolAnswer } from './tools/tool-answer.ts'

const record = (name: string, type: string, value: string): DnsRecord => ({ name, type, class: 'IN', ttl: 300, value })
const flags = { qr: true, aa: false, tc: false, rd: true, ra: true, ad: false, cd: false }
const query = (type: string, answers: DnsRecord[], authority: DnsRecord[] = []): DnsQueryResult => ({
  type,
  rcode: 'NOERROR',
  flags,
  transport: 'udp',
  queryTimeMs: 1,
  answers,
  authority,
  additional: [],
})
const dns = (queries: DnsQueryResult[], patch: Partial<DnsResult> = {}): DnsResult => ({
  name: 'shop.test',
  unicodeName: 'shop.test',
  server: '127.0.0.1:53',
  resolver: 'System resolver',
  dnssec: false,
  queries,
  ...patch,
})
const soa = record('shop.test', 'SOA', 'ns1.shop.test. hostmaster.shop.test. 1 7200 3600 1209600 300')

describe('summarizeDns()', () => {
  it('lists the records of the asked type, a name without its final dot', () => {
    const result = dns([
      query('MX', [record('shop.test', 'MX', '10 mail.shop.test.'), record('shop.test', 'MX', '20 backup.shop.test.')]),
    ])
    expect(summarizeDns(result)).toBe('MX 10 mail.shop.test · MX 20 backup.shop.test')
  })

  it('says "no records" for an empty answer and never shows the SOA of the authority section', () => {
    expect(summarizeDns(dns([query('TXT', [], [soa])]))).toBe('no records')
  })

  it('shows TXT as quoted, NS names, and the aliases that lead to an answer', () => {
    expect(summarizeDns(dns([query('TXT', [record('shop.test', 'TXT', '"v=spf1 mx -all"')])]))).toBe(
      'TXT "v=spf1 mx -all"',
    )
    expect(summarizeDns(dns([query('NS', [record('shop.test', 'NS', 'ns1.shop.test.')])]))).toBe('NS ns1.shop.test')
    const chain = [record('www.shop.test', 'CNAME', 'web.shop.test.'), record('web.shop.test', 'A', '198.51.100.80')]
    expect(summarizeDns(dns([query('A', chain)]))).toBe('CNAME web.shop.test · A 198.51.100.80')
  })

  it('leaves out signatures unless they were asked for, and adds the DNSSEC verdict', () => {
    const rrsig = record('shop.test', 'RRSIG', 'A 13 2 300 20270101000000 20260101000000 1 shop.test. abc=')
    const result = dns([query('A', [record('shop.test', 'A', '198.51.100.1'), rrsig])], {
      dnssec: true,
      dnssecValidation: [
        { name: 'shop.test', type: 'A', status: 'secure', reason: 'ok', server: '127.0.0.1:53', chain: [] },
      ],
    })
    expect(summarizeDns(result)).toBe('A 198.51.100.1 · DNSSEC secure')
  })

  it('names the types that went unanswered and cuts a long answer short', () => {
    const many = Array.from({ length: DNS_SUMMARY_MAX_RECORDS + 3 }, (_, i) =>
      record('shop.test', 'A', `198.51.100.${i + 1}`),
    )
    const result = dns([query('A', many)], {
      unanswered: [{ type: 'MX', rcode: 'SERVFAIL', error: "This server's resolver 127.0.0.1:53 answered SERVFAIL" }],
    })
    const text = summarizeDns(result)
    expect(text).toContain('A 198.51.100.10 · … and 3 more')
    expect(text).not.toContain('198.51.100.11')
    expect(text).toMatch(/not checked: MX \(This server's resolver 127\.0\.0\.1:53 answered SERVFAIL\)$/)
  })
})

const answer = (tool: string, result: unknown, patch: Partial<ToolAnswer> = {}): ToolAnswer => ({
  tool,
  input: 'x',
  status: 'ok',
  result,
  lines: [],
  durationMs: 1,
  ...patch,
})

describe('failureSummary()', () => {
  it('says whose failure it is', () => {
    const nx = { error: 'nope.test does not exist (NXDOMAIN from resolver 127.0.0.1:53)', failureSource: 'target' }
    expect(failureSummary(nx as ToolAnswer)).toBe(
      "nope.test does not exist (NXDOMAIN from resolver 127.0.0.1:53) — the target's failure",
    )
    expect(
      failureSummary({ error: 'This server could not reach its resolver 127.0.0.1:53', failureSource: 'server' }),
    ).toBe("This server could not reach its resolver 127.0.0.1:53 — this server's failure, not the target's")
    expect(failureSummary({ error: '10.0.0.1 is not allowed: private range', failureSource: 'policy' })).toContain(
      "refused by this server's target policy",
    )
  })

  it('is what a failed answer summarises to, whatever its result', () => {
    const failed = answer('dns', dns([]), { status: 'failed', error: 'SERVFAIL', failureSource: 'server' })
    expect(summarizeBulkAnswer('dns', failed)).toBe("SERVFAIL — this server's failure, not the target's")
  })
})
