// The email header analyzer end to end through the API, re-checking against Knot on loopback: a DKIM
// key and an SPF record under mail.test, and the DNSBL fixture zones under the shipped lists' names.
// Messages are signed here with mailauth; only their header sections are pasted.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { mailHeadersResponse } from '../../src/shared/tools/mail-headers/schema.ts'
import { createTestApp, type TestApp } from '../support/app/app.ts'
import { checkToolAnswer } from '../support/app/check-tool.ts'
import { dnsblLabZones, LAB } from '../support/dns/dnsbl-lab.ts'
import { type KnotServer, knotAvailable, startKnot } from '../support/dns/knot.ts'
import { mailZone, signedHeaders } from '../support/mail/signed-headers.ts'

if (!knotAvailable) console.warn('SKIPPED: email header analyzer tests need knotd (Debian package knot)')

describe.skipIf(!knotAvailable)('POST /api/tools/mail-headers against Knot on loopback', () => {
  let knot: KnotServer
  let t: TestApp

  beforeAll(async () => {
    knot = await startKnot([...dnsblLabZones({ everyList: true }), mailZone(LAB.unlisted)])
    t = await createTestApp({ DNS_SERVERS: knot.endpoint, TARGET_ALLOW: LAB.targetAllow })
  })
  afterAll(async () => {
    await t?.close()
    await knot?.stop()
  })

  const analyze = async (headers: string) =>
    mailHeadersResponse.parse(await checkToolAnswer(t, 'mail-headers', headers))

  it('verifies the DKIM header signature with the live key and passes SPF for the incoming hop', async () => {
    const body = await analyze(await signedHeaders({ relay: LAB.unlisted }))
    expect(body.status).toBe('ok')
    const result = body.result
    if (!result) throw new Error('no result')
    expect(result.dkim).toEqual([
      {
        domain: 'mail.test',
        selector: 's1',
        algorithm: 'rsa-sha256',
        status: 'pass',
        detail:
          'header signature verified with the live key, 2048-bit key; body hash not checked: the body was not pasted',
      },
    ])
    expect(result.spf).toMatchObject({ domain: 'mail.test', address: LAB.unlisted, status: 'pass' })
    expect(result.hops.map((h) => [h.fromAddress, h.tls, h.delaySeconds])).toEqual([
      ['192.168.1.5', 'TLS', undefined],
      [LAB.unlisted, 'TLS1_3 TLS_AES_256_GCM_SHA384', 2],
    ])
    expect(result.relays[0]).toEqual({
      address: '192.168.1.5',
      status: 'skipped',
      detail: 'not looked up: private network (RFC 1918)',
    })
    expect(result.relays[1]).toMatchObject({ address: LAB.unlisted, status: 'clean' })
    expect(result.anomalies).toEqual([])
    expect(body.lines).toContain(
      `SPF mail.test for ${LAB.unlisted}: pass - mail.test authorises ${LAB.unlisted} (hop 2)`,
    )
  })

  it('fails the DKIM signature when a signed header was changed after signing', async () => {
    const headers = (await signedHeaders({ relay: LAB.unlisted })).replace(
      'Subject: Quarterly report',
      'Subject: Quarterly report (updated bank details)',
    )
    const result = (await analyze(headers)).result
    expect(result?.dkim[0]?.status).toBe('fail')
    expect(result?.dkim[0]?.detail).toMatch(/^header signature does not verify with the live key/)
  })

  it('says no key is published for an unknown selector, and names our resolver when a lookup fails', async () => {
    const missing = (await analyze(await signedHeaders({ relay: LAB.unlisted, selector: 'gone' }))).result
    expect(missing?.dkim[0]).toMatchObject({
      status: 'not-checked',
      detail: 'no key published at gone._domainkey.mail.test',
    })
    // Knot serves no zone for elsewhere.test and answers REFUSED: a failure of this server's resolver.
    const refused = (await analyze(await signedHeaders({ relay: LAB.unlisted, domain: 'elsewhere.test' }))).result
    expect(refused?.dkim[0]).toMatchObject({
      status: 'not-checked',
      detail: "key not fetched: this server's resolver answered REFUSED for s1._domainkey.elsewhere.test TXT",
    })
  })

  it('fails SPF for a relay the domain does not list, and reports the listed relay as an anomaly', async () => {
    const result = (await analyze(await signedHeaders({ relay: LAB.listed }))).result
    expect(result?.spf).toMatchObject({
      address: LAB.listed,
      status: 'fail',
      detail: `mail.test does not authorise ${LAB.listed} (hop 2, -all)`,
    })
    const relay = result?.relays.find((r) => r.address === LAB.listed)
    expect(relay?.status).toBe('listed')
    expect(relay?.detail).toContain('Spamhaus')
    expect(result?.anomalies.map((a) => a.kind)).toEqual(['listed-relay'])
  })

  it("says SPF was not checked when a lookup fails, and names this server's resolver", async () => {
    // Knot serves no zone for elsewhere.test and answers REFUSED.
    const result = (await analyze(await signedHeaders({ relay: LAB.unlisted, returnPath: 'bounce@elsewhere.test' })))
      .result
    expect(result?.spf).toMatchObject({ domain: 'elsewhere.test', address: LAB.unlisted, status: 'temperror' })
    expect(result?.spf.detail).toMatch(
      /^not checked: a DNS lookup the evaluation needed failed through this server's resolver/,
    )
  })

  it('flags a Date header far from the first hop', async () => {
    const result = (
      await analyze(await signedHeaders({ relay: LAB.unlisted, date: 'Fri, 27 Nov 2026 07:00:00 +0000' }))
    ).result
    expect(result?.anomalies).toEqual([
      { kind: 'date-far-from-first-hop', text: 'The Date header is 3 h 1 s before the first hop' },
    ])
  })
})
