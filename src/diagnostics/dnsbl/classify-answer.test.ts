import { describe, expect, it } from 'vitest'
import { classifyAnswer } from './classify-answer.ts'
import { type DnsblZone, dnsblZone } from './zone-list.ts'

const zen: DnsblZone = dnsblZone.parse({
  id: 'zen',
  name: 'Spamhaus ZEN',
  zone: 'zen.spamhaus.org',
  kind: 'ip',
  weight: 30,
  category: 'spam source',
  codes: {
    '127.0.0.2': { meaning: 'SBL', weight: 35 },
    '127.0.0.4': { meaning: 'XBL', category: 'exploited host' },
    '127.0.0.10': { meaning: 'PBL', weight: 0 },
  },
  errorCodes: { '127.255.255.254': 'Query via a public resolver' },
  info: 'https://check.spamhaus.org/',
})

const uribl = dnsblZone.parse({
  id: 'uribl',
  name: 'URIBL multi',
  zone: 'multi.uribl.com',
  kind: 'domain',
  bitmask: { 2: 'black', 4: 'grey', 8: 'red' },
  errorCodes: { '127.0.0.1': 'Query refused' },
  info: 'https://admin.uribl.com/',
})

const dnswl = dnsblZone.parse({
  id: 'dnswl',
  name: 'DNSWL',
  zone: 'list.dnswl.org',
  kind: 'allow',
  codes: { '127.0.*.3': 'trust high' },
  errorCodes: { '127.0.0.255': 'blocked' },
  info: 'https://www.dnswl.org/',
})

describe('classifyAnswer()', () => {
  it('reports NXDOMAIN as not listed', () => {
    expect(classifyAnswer(zen, { rcode: 'NXDOMAIN', addresses: [] })).toMatchObject({
      status: 'clean',
      detail: 'Not listed',
    })
  })

  it('maps every return code to its documented meaning, weight and category', () => {
    const verdict = classifyAnswer(zen, { rcode: 'NOERROR', addresses: ['127.0.0.2', '127.0.0.4'] })
    expect(verdict).toMatchObject({ status: 'listed', meanings: ['SBL', 'XBL'], weight: 35 })
    expect(verdict.categories).toEqual(['spam source', 'exploited host'])
  })

  it('reports a documented error answer as "unverified: the list refused the query", never as listed', () => {
    const verdict = classifyAnswer(zen, { rcode: 'NOERROR', addresses: ['127.255.255.254'] })
    expect(verdict.status).toBe('unverified')
    expect(verdict.detail).toBe('unverified: the list refused the query (127.255.255.254: Query via a public resolver)')
  })

  it('reports URIBL and SURBL style 127.0.0.1 refusals as unverified', () => {
    expect(classifyAnswer(uribl, { rcode: 'NOERROR', addresses: ['127.0.0.1'] }).detail).toMatch(
      /^unverified: the list refused the query/,
    )
  })

  it('decodes bitmask answers into each sub-list', () => {
    expect(classifyAnswer(uribl, { rcode: 'NOERROR', addresses: ['127.0.0.6'] }).meanings).toEqual(['black', 'grey'])
  })

  it('treats an answer outside 127.0.0.0/8 as unverified (a resolver rewriting NXDOMAIN)', () => {
    expect(classifyAnswer(zen, { rcode: 'NOERROR', addresses: ['198.51.100.7'] })).toMatchObject({
      status: 'unverified',
    })
  })

  it('treats an undocumented 127.0.0.1 as unverified and other undocumented codes as listings', () => {
    expect(classifyAnswer(zen, { rcode: 'NOERROR', addresses: ['127.0.0.1'] }).status).toBe('unverified')
    const other = classifyAnswer(zen, { rcode: 'NOERROR', addresses: ['127.0.0.77'] })
    expect(other.status).toBe('listed')
    expect(other.meanings[0]).toContain('not documented')
  })

  it('reports a server failure as unverified with the rcode', () => {
    expect(classifyAnswer(zen, { rcode: 'SERVFAIL', addresses: [] }).detail).toBe(
      'unverified: the resolver answered SERVFAIL',
    )
  })

  it('marks allow-list hits as allowed, matching "*" octets, and its block answer as unverified', () => {
    expect(classifyAnswer(dnswl, { rcode: 'NOERROR', addresses: ['127.0.15.3'] })).toMatchObject({
      status: 'allowed',
      weight: 0,
    })
    expect(classifyAnswer(dnswl, { rcode: 'NOERROR', addresses: ['127.0.0.255'] }).status).toBe('unverified')
  })
})
