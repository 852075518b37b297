import { describe, expect, it } from 'vitest'
import type { DnsQueryResult, DnsRecord } from '../../shared/tools/dns/schema.ts'
import { classifyReply } from './classify-reply.ts'

const record = (name: string, type: string, value: string): DnsRecord => ({ name, type, class: 'IN', ttl: 3600, value })

function reply(patch: Partial<DnsQueryResult> & { aa?: boolean }): DnsQueryResult {
  const { aa = false, ...rest } = patch
  return {
    type: 'A',
    rcode: 'NOERROR',
    flags: { qr: true, aa, tc: false, rd: false, ra: false, ad: false, cd: false },
    transport: 'udp',
    queryTimeMs: 1,
    answers: [],
    authority: [],
    additional: [],
    ...rest,
  }
}

describe('classifyReply()', () => {
  it('ends the walk on an answer, NXDOMAIN or an authoritative empty reply', () => {
    expect(
      classifyReply(reply({ answers: [record('a.example', 'A', '198.51.100.1')] }), 'a.example', 'example'),
    ).toEqual({ kind: 'answer' })
    expect(classifyReply(reply({ rcode: 'NXDOMAIN', aa: true }), 'a.example', 'example')).toEqual({ kind: 'nxdomain' })
    expect(
      classifyReply(reply({ aa: true, authority: [record('example', 'SOA', '...')] }), 'a.example', 'example'),
    ).toEqual({
      kind: 'nodata',
    })
  })

  it('treats SERVFAIL and REFUSED as unusable, so the next server is asked', () => {
    expect(classifyReply(reply({ rcode: 'REFUSED' }), 'a.example', '')).toEqual({ kind: 'unusable', reason: 'REFUSED' })
  })

  it('reads a referral: the child zone, its name servers and in-bailiwick glue only', () => {
    const meaning = classifyReply(
      reply({
        authority: [
          record('Example.test', 'NS', 'ns1.example.test.'),
          record('example.test', 'NS', 'ns.hosting.other.'),
        ],
        additional: [
          record('ns1.example.test', 'A', '198.51.100.2'),
          record('ns1.example.test', 'AAAA', '2001:db8::2'),
          record('ns.hosting.other', 'A', '203.0.113.66'),
        ],
      }),
      'www.example.test',
      'test',
    )
    expect(meaning).toEqual({
      kind: 'referral',
      zone: 'example.test',
      nameServers: [
        { name: 'ns1.example.test', addresses: ['198.51.100.2', '2001:db8::2'] },
        { name: 'ns.hosting.other', addresses: [] },
      ],
      glue: [record('ns1.example.test', 'A', '198.51.100.2'), record('ns1.example.test', 'AAAA', '2001:db8::2')],
    })
  })

  it('accepts any glue from the root', () => {
    const meaning = classifyReply(
      reply({ authority: [record('test', 'NS', 'ns1.test.')], additional: [record('ns1.test', 'A', '198.51.100.9')] }),
      'www.example.test',
      '',
    )
    expect(meaning).toMatchObject({
      kind: 'referral',
      zone: 'test',
      nameServers: [{ name: 'ns1.test', addresses: ['198.51.100.9'] }],
    })
  })

  it.each([
    ['upward', 'test', 'example.test'],
    ['to itself', 'example.test', 'example.test'],
    ['sideways', 'other.test', 'test'],
  ])('refuses a referral %s', (_, child, zone) => {
    const meaning = classifyReply(
      reply({ authority: [record(child, 'NS', `ns1.${child}.`)] }),
      'www.example.test',
      zone,
    )
    expect(meaning).toEqual({
      kind: 'unusable',
      reason: `referral to ${child} does not lead closer to www.example.test`,
    })
  })

  it('calls a non-authoritative empty reply without referral unusable', () => {
    expect(classifyReply(reply({}), 'www.example.test', 'test')).toMatchObject({ kind: 'unusable' })
  })
})
