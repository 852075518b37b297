// The node:dns-shaped resolver over our DNS client, against Knot on loopback.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createRecordResolver, type RecordResolver } from '../../src/diagnostics/net/record-resolver.ts'
import { type KnotServer, knotAvailable, startKnot } from '../support/dns/knot.ts'

const zone = `$ORIGIN rr.test.
$TTL 60
@      IN SOA ns.rr.test. hostmaster.rr.test. 1 3600 600 86400 60
@      IN NS  ns.rr.test.
ns     IN A   127.0.0.1
@      IN MX  10 mx.rr.test.
@      IN TXT "v=spf1 " "-all"
@      IN TXT "second"
alias  IN CNAME rr.test.
`

if (!knotAvailable) console.warn('SKIPPED: record resolver tests need knotd (Debian package knot)')

describe.skipIf(!knotAvailable)('createRecordResolver()', () => {
  let knot: KnotServer
  let resolve: RecordResolver

  beforeAll(async () => {
    knot = await startKnot([{ origin: 'rr.test', text: zone }])
    resolve = createRecordResolver({
      resolvers: [{ address: '127.0.0.1', port: knot.port }],
      signal: AbortSignal.timeout(20_000),
    })
  })
  afterAll(async () => knot?.stop())

  it('returns TXT records as lists of character-strings and MX as exchange/priority', async () => {
    expect(((await resolve('rr.test', 'TXT')) as string[][]).sort()).toEqual([['second'], ['v=spf1 ', '-all']])
    expect(await resolve('rr.test', 'MX')).toEqual([{ exchange: 'mx.rr.test', priority: 10 }])
    expect(await resolve('alias.rr.test', 'CNAME')).toEqual(['rr.test'])
  })

  it('throws ENOTFOUND for a missing name and ENODATA for a name without that type, as node:dns does', async () => {
    await expect(resolve('missing.rr.test', 'TXT')).rejects.toMatchObject({
      code: 'ENOTFOUND',
      hostname: 'missing.rr.test',
    })
    await expect(resolve('ns.rr.test', 'TXT')).rejects.toMatchObject({ code: 'ENODATA' })
  })

  it('throws EREFUSED for a zone the server does not serve', async () => {
    await expect(resolve('elsewhere.example', 'A')).rejects.toMatchObject({ code: 'EREFUSED' })
  })

  it('answers a repeated question from its cache, case and trailing dot aside', async () => {
    const first = resolve('rr.test', 'MX')
    expect(resolve('RR.test.', 'mx')).toBe(first)
  })
})
