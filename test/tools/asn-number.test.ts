// ASN check by AS number through the API: holder and announced prefixes from the shipped offline
// data (read here straight from its CSV files to check them), the autnum record from a loopback
// RDAP service, and the input messages for numbers that are no AS.
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { asnDataDirectory } from '../../src/diagnostics/ip-data/asn-index.ts'
import { asnMessages } from '../../src/shared/tools/asn/schema.ts'
import { checkTool } from '../support/app/check-tool.ts'
import { createRdapTestApp, type RdapServer, type RdapTestApp } from '../support/whois/rdap-server.ts'

let rdap: RdapServer
let t: RdapTestApp

beforeAll(async () => {
  t = await createRdapTestApp()
  rdap = t.rdap
})
afterAll(async () => t?.close())

const check = (input: string) => checkTool(t, 'asn', input)

/** The CSV rows of one AS: [start, end] as bigints. */
function rowsOf(file: string, asn: number): [bigint, bigint][] {
  return readFileSync(path.join(asnDataDirectory(), file), 'utf8')
    .split('\n')
    .map((line) => line.split(','))
    .filter((fields) => Number(fields[2]) === asn)
    .map((fields) => [BigInt(fields[0] ?? 0), BigInt(fields[1] ?? 0)])
}

const v4Number = (text: string) => text.split('.').reduce((n, part) => n * 256n + BigInt(part), 0n)

describe('POST /api/tools/asn with an AS number', () => {
  it('gives holder, country, registry and every announced prefix, counted, for AS13335', async () => {
    const res = await check('AS13335')
    expect(res.statusCode).toBe(200)
    const body = res.json()
    expect(body.status).toBe('ok')
    const result = body.result
    expect(result).toMatchObject({
      kind: 'as-number',
      asn: 13335,
      name: 'Cloudflare, Inc.',
      registration: {
        registry: 'ARIN',
        handle: 'AS13335',
        name: 'CLOUDFLARENET',
        organisation: 'Cloudflare, Inc.',
        country: 'US',
        abuseEmail: 'abuse@cloudflare.example',
        createdAt: '2010-07-14T00:00:00Z',
      },
      notes: [],
    })
    expect(rdap.requests).toContain('/rdap/autnum/13335')
    expect(result.prefixes.ipv4).toContain('1.1.1.0/24')
    expect(result.prefixes.ipv6).toContain('2606:4700:4700::/48')

    // The IPv4 prefixes cover exactly the addresses of the AS's rows in the shipped file.
    const rows4 = rowsOf('asn-ipv4-num.csv', 13335)
    const size = (cidr: string) => 2n ** BigInt(32 - Number(cidr.split('/')[1]))
    const covered = result.prefixes.ipv4.reduce((sum: bigint, cidr: string) => sum + size(cidr), 0n)
    expect(covered).toBe(rows4.reduce((sum, [start, end]) => sum + end - start + 1n, 0n))
    for (const cidr of result.prefixes.ipv4) {
      const base = v4Number(cidr.split('/')[0] ?? '')
      expect(rows4.some(([start, end]) => base >= start && base + size(cidr) - 1n <= end)).toBe(true)
    }
    expect(result.prefixes.ipv6.length).toBeGreaterThanOrEqual(rowsOf('asn-ipv6-num.csv', 13335).length)

    const { ipv4, ipv6 } = result.prefixes
    expect(body.lines).toEqual(
      expect.arrayContaining([
        'ASN: AS13335',
        'Holder: Cloudflare, Inc.',
        'Country: United States (US)',
        'Registry: ARIN',
        `Announced prefixes: ${ipv4.length + ipv6.length} (${ipv4.length} IPv4, ${ipv6.length} IPv6)`,
        '  1.1.1.0/24',
      ]),
    )
  })

  it.each(['15169', 'as15169', 'AS 15169'])(
    'reads %j as AS15169 and answers from the offline data alone',
    async (input) => {
      const body = (await check(input)).json()
      expect(body.status).toBe('ok')
      expect(body.result).toMatchObject({ kind: 'as-number', asn: 15169, name: 'Google LLC' })
      expect(body.result.prefixes.ipv4).toContain('8.8.8.0/24')
      expect(body.result.registration).toBeUndefined()
      expect(body.result.notes).toEqual([
        'RDAP registration data unavailable: no RDAP service is registered for AS15169',
      ])
    },
  )

  it('says what a documentation AS is for, with its registry record, though it announces nothing', async () => {
    const body = (await check('AS64500')).json()
    expect(body.status).toBe('ok')
    expect(body.result).toMatchObject({
      asn: 64500,
      reserved: 'documentation and examples (RFC 5398)',
      prefixes: { ipv4: [], ipv6: [] },
      registration: { handle: 'AS64500', name: 'DOC-AS-64500', abuseEmail: 'noc@doc-as.test' },
    })
    expect(body.result.notes).toContain('AS64500 announces no prefix in the offline routing data')
  })

  it("is the target's failure when neither the data nor the registry knows the AS", async () => {
    const body = (await check('AS64501')).json()
    expect(body.status).toBe('failed')
    expect(body.failureSource).toBe('target')
    expect(body.error).toBe(
      'AS64501 announces nothing in the offline routing data and its registry has no record of it',
    )
  })

  it.each([
    ['AS0', asnMessages.asZero],
    ['0', asnMessages.asZero],
    ['AS4294967296', asnMessages.tooLarge],
    ['99999999999999', asnMessages.tooLarge],
    ['ASfoo', asnMessages.badAsNumber],
    ['AS-15169', asnMessages.badAsNumber],
    ['google', asnMessages.neither],
    ['', 'Please enter an IP address'],
    ['1.2.3.999', 'Please enter a valid IP address'],
    [
      '1.2.3',
      '1.2.3 is an ambiguous IPv4 spelling (the system would read it as 1.2.0.3); write the address as four decimal numbers from 0 to 255',
    ],
  ])('answers 400 for %j: %s', async (input, message) => {
    const res = await check(input)
    expect(res.statusCode).toBe(400)
    expect(res.json().error.message).toBe(message)
  })

  it('accepts the largest AS number', async () => {
    const body = (await check('AS4294967295')).json()
    expect(body.result).toMatchObject({ asn: 4294967295, reserved: 'reserved (RFC 7300)' })
  })
})
