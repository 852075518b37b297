// Whois end to end through the API: RDAP from a loopback RDAP service, and the port-43 chain
// (IANA → registry → registrar) from loopback whois servers when RDAP cannot answer.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../support/app/app.ts'
import { checkTool, checkToolAnswer } from '../support/app/check-tool.ts'
import { freePort } from '../support/net/ports.ts'
import { type RdapServer, startRdapServer } from '../support/whois/rdap-server.ts'
import { startWhoisServers, type WhoisServers } from '../support/whois/whois-server.ts'

let rdap: RdapServer
let whois: WhoisServers
let t: TestApp

beforeAll(async () => {
  rdap = await startRdapServer()
  rdap.statusFor.set('/rdap/domain/broken.test', 500)
  whois = await startWhoisServers(
    {
      iana: {
        answers: {
          'broken.test': 'iana-test.txt',
          'lame.example': 'iana-example.txt',
          'free-name.example': 'iana-example.txt',
        },
      },
      registry: {
        answers: {
          'broken.test': 'registry-broken.txt',
          'lame.example': 'registry-lame.txt',
          'free-name.example': 'registry-unregistered.txt',
        },
      },
      registrar: { answers: { 'broken.test': 'registrar-broken-latin1.txt' } },
    },
    await freePort(),
  )
  t = await createTestApp({
    DNS_SERVERS: '127.0.0.1:9',
    TARGET_ALLOW: '127.0.0.0/8',
    WHOIS_SERVER: whois.endpoints.iana ?? '',
    RDAP_BOOTSTRAP_URL: rdap.bootstrapUrl,
  })
})
afterAll(async () => {
  await t?.close()
  await whois?.stop()
  await rdap?.stop()
})

const lookup = async (input: string) => {
  return checkToolAnswer(t, 'whois', input)
}

describe('POST /api/tools/whois over RDAP', () => {
  it('shows registrar, dates, status, name servers, DNSSEC and the abuse contact of a domain', async () => {
    const body = await lookup('example-shop.test')
    expect(body.status).toBe('ok')
    expect(body.result).toMatchObject({
      query: 'example-shop.test',
      kind: 'domain',
      protocol: 'rdap',
      name: 'example-shop.test',
      registrar: 'Example Registrar, Inc.',
      registrarIanaId: '376',
      createdAt: '1995-08-14T04:00:00Z',
      updatedAt: '2025-08-14T07:01:38Z',
      expiresAt: '2026-08-13T04:00:00Z',
      statuses: ['clientDeleteProhibited', 'clientTransferProhibited'],
      nameServers: ['ns1.example-dns.test', 'ns2.example-dns.test'],
      dnssec: 'signed',
      abuseContact: { email: 'abuse@registrar.test', phone: '+1.2025550100' },
      notes: [],
    })
    expect(body.result.sources).toEqual([
      `${rdap.bootstrapUrl.replace('/bootstrap/', '/rdap/')}domain/example-shop.test`,
    ])
    expect(JSON.parse(body.result.raw).handle).toBe('2336799_DOMAIN_TEST-REG')
    expect(body.lines).toContain('Registrar: Example Registrar, Inc.')
    expect(body.lines).toContain('Abuse email: abuse@registrar.test')
  })

  it('looks up a domain typed in Unicode by its punycode form and shows both forms', async () => {
    const body = await lookup('MÜNCHEN.test')
    expect(body.status).toBe('ok')
    expect(body.result).toMatchObject({
      query: 'xn--mnchen-3ya.test',
      unicodeName: 'münchen.test',
      kind: 'domain',
      protocol: 'rdap',
      registrar: 'Example Registrar, Inc.',
      createdAt: '2012-03-04T05:06:07Z',
    })
    expect(rdap.requests).toContain('/rdap/domain/xn--mnchen-3ya.test')
    expect(body.lines.slice(0, 2)).toEqual(['Query: xn--mnchen-3ya.test (domain)', 'Unicode name: münchen.test'])
  })

  it('reads the bootstrap file once and serves later lookups from its cache', async () => {
    await lookup('example-shop.test')
    await lookup('example-shop.test')
    expect(rdap.requests.filter((p) => p === '/bootstrap/dns.json')).toHaveLength(1)
  })

  it('looks up the network holding an IP address', async () => {
    const body = await lookup('198.51.100.7')
    expect(body.result).toMatchObject({
      kind: 'ip',
      protocol: 'rdap',
      name: 'DOC-NET-2',
      handle: 'NET-198-51-100-0-1',
      range: '198.51.100.0/24',
      organisation: 'Documentation Networks',
      abuseContact: { email: 'abuse@doc-net.test' },
    })
  })

  it('looks up an AS number written AS64500', async () => {
    const body = await lookup('AS64500')
    expect(body.result).toMatchObject({
      kind: 'asn',
      query: 'AS64500',
      name: 'DOC-AS-64500',
      handle: 'AS64500',
      createdAt: '2008-12-01T00:00:00Z',
      abuseContact: { email: 'noc@doc-as.test', phone: '+1-555-0100' },
    })
  })

  it('reports a domain the registry does not know as not found', async () => {
    const body = await lookup('missing.test')
    expect(body.status).toBe('failed')
    expect(body.failureSource).toBe('target')
    expect(body.error).toMatch(
      /^missing\.test was not found \(http:\/\/127\.0\.0\.1:\d+\/rdap\/domain\/missing\.test answered 404\)$/,
    )
  })
})

describe('POST /api/tools/whois falling back to port 43', () => {
  it('follows IANA → registry → registrar when RDAP answers 500, decoding the ISO-8859-1 answer', async () => {
    const body = await lookup('broken.test')
    expect(body.status).toBe('ok')
    expect(body.result).toMatchObject({
      protocol: 'whois',
      registrar: 'Réseau Exemple SARL',
      registrarIanaId: '9999',
      organisation: "Société Générale d'Électricité",
      createdAt: '2010-05-17T12:00:00Z',
      expiresAt: '2027-05-17T12:00:00Z',
      statuses: ['clientTransferProhibited'],
      nameServers: ['ns1.broken.test', 'ns2.broken.test'],
      dnssec: 'unsigned',
      abuseContact: { email: 'abus@reseau-exemple.test', phone: '+33.123456789' },
    })
    expect(body.result.sources).toEqual([whois.endpoints.iana, whois.endpoints.registry, whois.endpoints.registrar])
    expect(body.result.notes).toEqual([
      expect.stringMatching(/^The RDAP service http:\/\/127\.0\.0\.1:\d+\/rdap\/domain\/broken\.test answered 500$/),
    ])
    expect(body.result.raw).toContain("Registrant Organization: Société Générale d'Électricité")
    expect(body.lines).toContain('Registrar: Réseau Exemple SARL')
    expect(whois.queries).toEqual(
      expect.arrayContaining(['iana: broken.test', 'registry: broken.test', 'registrar: broken.test']),
    )
  })

  it('keeps the registry data and names the registrar that did not answer', async () => {
    const body = await lookup('lame.example')
    expect(body.status).toBe('ok')
    expect(body.result).toMatchObject({
      registrar: 'Lame Registrar Ltd',
      createdAt: '2020-02-02T00:00:00Z',
      statuses: ['ok'],
    })
    expect(body.result.notes).toEqual([
      'No RDAP service is registered for lame.example',
      `The whois server ${whois.endpoints.closed} (referred by ${whois.endpoints.registry}) refused the connection (ECONNREFUSED)`,
    ])
  })

  it('reports "No match" from the registry as not found, with the answers as lines', async () => {
    const body = await lookup('free-name.example')
    expect(body.status).toBe('failed')
    expect(body.error).toBe(
      `free-name.example was not found (${whois.endpoints.registry}: No match for "FREE-NAME.EXAMPLE".)`,
    )
    expect(body.lines).toContain('No match for "FREE-NAME.EXAMPLE".')
  })

  it('answers 400 "Invalid domain format" for input that is no domain, IP or AS number', async () => {
    const res = await checkTool(t, 'whois', 'bad_domain!')
    expect(res.statusCode).toBe(400)
    expect(res.json().error.message).toBe('Invalid domain format')
  })
})

describe('POST /api/tools/whois when nothing answers', () => {
  it('says what failed at RDAP and at the whois server, never a placeholder', async () => {
    const closed = await freePort()
    const app = await createTestApp({
      DNS_SERVERS: '127.0.0.1:9',
      TARGET_ALLOW: '127.0.0.0/8',
      WHOIS_SERVER: `127.0.0.1:${closed}`,
      RDAP_BOOTSTRAP_URL: rdap.bootstrapUrl,
    })
    try {
      const res = await checkTool(app, 'whois', 'broken.test')
      const body = res.json()
      expect(body.status).toBe('failed')
      // The registries' machinery failed, not the name: the server side's failure.
      expect(body.failureSource).toBe('server')
      expect(body.error).toBe(
        `No registry answered for broken.test: the RDAP service ${new URL(rdap.bootstrapUrl).origin}/rdap/domain/broken.test answered 500; ` +
          `the whois server 127.0.0.1:${closed} refused the connection (ECONNREFUSED)`,
      )
    } finally {
      await app.close()
    }
  })

  it('sends nothing to addresses the target policy denies', async () => {
    const app = await createTestApp({
      DNS_SERVERS: '127.0.0.1:9',
      WHOIS_SERVER: whois.endpoints.iana ?? '',
      RDAP_BOOTSTRAP_URL: rdap.bootstrapUrl,
    })
    const before = { rdap: rdap.requests.length, whois: whois.queries.length }
    try {
      const res = await checkTool(app, 'whois', 'example-shop.test')
      const body = res.json()
      expect(body.status).toBe('failed')
      expect(body.failureSource).toBe('policy')
      expect(body.error).toBe(
        'No registry answered for example-shop.test: the RDAP directory could not be read: 127.0.0.1 is not allowed: loopback; ' +
          `the whois server ${whois.endpoints.iana} was not asked: 127.0.0.1 is not allowed: loopback`,
      )
      expect({ rdap: rdap.requests.length, whois: whois.queries.length }).toEqual(before)
    } finally {
      await app.close()
    }
  })
})
