// ASN check through the API: the offline index (real public addresses as data only) and the
// registry's data from a loopback RDAP service.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { checkTool } from '../support/app/check-tool.ts'
import { createRdapTestApp, type RdapTestApp } from '../support/whois/rdap-server.ts'

let t: RdapTestApp

beforeAll(async () => {
  t = await createRdapTestApp()
})
afterAll(async () => t?.close())

const check = (input: string) => checkTool(t, 'asn', input)

describe('POST /api/tools/asn', () => {
  it('gives origin AS, AS name, prefix, country and the registry network with its abuse contact', async () => {
    const body = (await check('1.1.1.1')).json()
    expect(body.status).toBe('ok')
    expect(body.result).toMatchObject({
      ip: '1.1.1.1',
      asn: 13335,
      name: 'Cloudflare, Inc.',
      prefix: '1.1.1.0/24',
      countryCode: 'AU',
      country: 'Australia',
      registration: { networkName: 'APNIC-LABS', range: '1.1.1.0/24', abuseEmail: 'helpdesk@apnic.net' },
      notes: [],
    })
    expect(body.result.attributions.map((a: { licence: string }) => a.licence)).toEqual(['CC BY 4.0', 'CC BY 4.0'])
    expect(body.lines).toEqual(
      expect.arrayContaining(['ASN: AS13335', 'AS name: Cloudflare, Inc.', 'Prefix: 1.1.1.0/24']),
    )
    expect(
      body.lines.some(
        (l: string) => l.startsWith('ASN data from RouteViews, NRO and DB-IP') && l.includes('CC BY 4.0'),
      ),
    ).toBe(true)
  })

  it('answers from the offline data alone when no RDAP service covers the address', async () => {
    const body = (await check('8.8.8.8')).json()
    expect(body.status).toBe('ok')
    expect(body.result).toMatchObject({ asn: 15169, name: 'Google LLC', prefix: '8.8.8.0/24' })
    expect(body.result.registration).toBeUndefined()
    expect(body.result.notes).toEqual(['RDAP registration data unavailable: no RDAP service is registered for 8.8.8.8'])
  })

  it('looks up IPv6 addresses too', async () => {
    const body = (await check('2606:4700:4700::1111')).json()
    expect(body.result).toMatchObject({ asn: 13335, prefix: '2606:4700:4700::/48' })
  })

  it('says a private address is not announced on the internet', async () => {
    const body = (await check('10.20.30.40')).json()
    expect(body.status).toBe('failed')
    expect(body.failureSource).toBe('policy')
    expect(body.error).toBe('10.20.30.40 is not announced on the internet: private network (RFC 1918)')
  })

  it.each([
    ['', 'Please enter an IP address'],
    ['1.2.3.999', 'Please enter a valid IP address'],
    [
      '1.2.3',
      '1.2.3 is an ambiguous IPv4 spelling (the system would read it as 1.2.0.3); write the address as four decimal numbers from 0 to 255',
    ],
    ['example.com', 'Please enter a valid IP address'],
  ])('answers 400 for %j with the product message', async (input, message) => {
    const res = await check(input)
    expect(res.statusCode).toBe(400)
    expect(res.json().error.message).toBe(message)
  })
})
