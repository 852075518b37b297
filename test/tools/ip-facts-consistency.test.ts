// Geolocation, ASN, abuse and what-is-my-IP through the API for the same addresses: each shows the
// same country and origin AS, because each takes them from the one IP-facts function. Public
// addresses appear only as data: the block lists are Knot zones on loopback, the registry a
// loopback RDAP service, and no packet goes to the addresses themselves.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../support/app/app.ts'
import { checkToolAnswer } from '../support/app/check-tool.ts'
import { startDnsblKnot } from '../support/dns/dnsbl-lab.ts'
import { type KnotServer, knotAvailable } from '../support/dns/knot.ts'
import { type RdapServer, startRdapServer } from '../support/whois/rdap-server.ts'

if (!knotAvailable) console.warn('SKIPPED: the IP facts consistency test needs knotd (Debian package knot)')

interface Facts {
  country: string | null | undefined
  asn: number | undefined
}

describe.skipIf(!knotAvailable)('one country and one AS per address across the IP tools', () => {
  let knot: KnotServer
  let rdap: RdapServer
  let t: TestApp

  beforeAll(async () => {
    knot = await startDnsblKnot({ everyList: true })
    rdap = await startRdapServer()
    t = await createTestApp({
      DNS_SERVERS: knot.endpoint,
      TARGET_ALLOW: '127.0.0.0/8',
      RDAP_BOOTSTRAP_URL: rdap.bootstrapUrl,
      TRUST_PROXY: '127.0.0.1',
    })
  })
  afterAll(async () => {
    await t?.close()
    await rdap?.stop()
    await knot?.stop()
  })

  async function run(tool: string, input: string, headers: Record<string, string> = {}) {
    const body = await checkToolAnswer(t, tool, input, { headers })
    expect(body.status, `${tool} ${input}: ${body.error}`).toBe('ok')
    return body.result
  }

  const asnOf = (org: string | null) => (org ? Number(/\(AS(\d+)\)$/.exec(org)?.[1]) : undefined)

  async function factsOf(address: string): Promise<Record<string, Facts>> {
    const [geo, asn, abuse, mine] = await Promise.all([
      run('geolocation', address),
      run('asn', address),
      run('abuse', address),
      run('whatismyip', '', { 'x-forwarded-for': address }),
    ])
    return {
      geolocation: { country: geo.location?.countryCode, asn: geo.network?.asn },
      asn: { country: asn.countryCode, asn: asn.asn },
      abuse: { country: abuse.ispInfo.country, asn: asnOf(abuse.ispInfo.org) },
      whatismyip: { country: mine.location?.countryCode, asn: mine.network?.asn },
    }
  }

  // 1.1.1.1 has a registry record whose country is not consulted; 8.8.8.8 and 9.9.9.9 have none.
  it.each(['8.8.8.8', '1.1.1.1', '9.9.9.9', '2606:4700:4700::1111', '2001:4860:4860::8888'])(
    'the four tools agree on %s',
    async (address) => {
      const facts = await factsOf(address)
      const geolocation = facts.geolocation as Facts
      expect(geolocation.country).toMatch(/^[A-Z]{2}$/)
      expect(geolocation.asn).toBeGreaterThan(0)
      expect(facts).toEqual({ geolocation, asn: geolocation, abuse: geolocation, whatismyip: geolocation })
    },
  )
})
