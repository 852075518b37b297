// Legacy IPv4 spellings (octal, hex, fewer than four parts, one integer) are refused as ambiguous by
// every tool that takes a host, an address, a URL or a DNS server, before anything is resolved,
// checked against the target policy or connected to: the mail test once read 010.000.000.001 as
// octal 8.0.0.1 while the page showed 10.0.0.1.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../support/app/app.ts'
import { checkTool } from '../support/app/check-tool.ts'

/** Each spelling and the address the system's parsers read from it. */
const SPELLINGS = [
  ['010.000.000.001', '8.0.0.1'],
  ['0x7f.1', '127.0.0.1'],
  ['127.1', '127.0.0.1'],
  ['2130706433', '127.0.0.1'],
  ['0177.0.0.1', '127.0.0.1'],
] as const

/** Where each tool takes the spelling: its input (as a host, URL or host:port) or an option. */
const PLACES: { tool: string; input: (s: string) => string; options?: (s: string) => object }[] = [
  { tool: 'ping', input: (s) => s },
  { tool: 'traceroute', input: (s) => s },
  { tool: 'whois', input: (s) => s },
  { tool: 'dns', input: (s) => s },
  { tool: 'dns', input: () => 'example.test', options: (s) => ({ server: s }) },
  { tool: 'dns', input: () => 'example.test', options: (s) => ({ server: `${s}:53` }) },
  { tool: 'rdns', input: (s) => s },
  { tool: 'ssl', input: (s) => s },
  { tool: 'ssl', input: (s) => `${s}:443` },
  { tool: 'geolocation', input: (s) => s },
  { tool: 'geolocation', input: (s) => `http://${s}/` },
  { tool: 'blacklist', input: (s) => s },
  { tool: 'blacklist', input: (s) => `https://${s}:8443/page` },
  { tool: 'website-check', input: (s) => s },
  { tool: 'website-check', input: (s) => `http://${s}/` },
  { tool: 'website-check', input: (s) => `http://user@${s}:8080/` },
  { tool: 'abuse', input: (s) => s },
  { tool: 'mail', input: (s) => s },
  // A bare number is an AS number for the ASN check ("15169"), so only the dotted spellings apply.
  { tool: 'asn', input: (s) => (/^\d+$/.test(s) ? '010.000.000.001' : s) },
]

const CASES = PLACES.flatMap((place) =>
  SPELLINGS.map(([spelling, read]) => ({
    ...place,
    spelling,
    read,
    label: `${place.tool} ${place.options ? JSON.stringify(place.options(spelling)) : place.input(spelling)}`,
  })),
)

describe('legacy IPv4 spellings', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp({ DNS_SERVERS: '127.0.0.1:9' })
  })
  afterAll(async () => t?.close())

  it.each(CASES)('$label is refused as ambiguous, naming the address it would be read as', async (c) => {
    const spelling = c.tool === 'asn' && /^\d+$/.test(c.spelling) ? '010.000.000.001' : c.spelling
    const read = spelling === c.spelling ? c.read : '8.0.0.1'
    const res = await checkTool(t, c.tool, c.input(c.spelling), c.options ? { options: c.options(c.spelling) } : {})
    expect(res.statusCode).toBe(400)
    expect(res.json().error.message).toBe(
      `${spelling} is an ambiguous IPv4 spelling (the system would read it as ${read}); ` +
        'write the address as four decimal numbers from 0 to 255',
    )
  })

  it('still takes the plain dotted form and IPv6 where the tool takes an address', async () => {
    const ssl = await checkTool(t, 'rdns', '127.0.0.1')
    expect(ssl.statusCode).toBe(200)
    const dns = await checkTool(t, 'dns', 'example.test', { options: { server: '[::1]:9' } })
    expect(dns.statusCode).toBe(200)
  })

  it('reads a bare number as an AS number in the ASN check, not as an address', async () => {
    const res = await checkTool(t, 'asn', '2130706433')
    expect(res.statusCode).toBe(200)
    expect(res.json().input).toBe('2130706433')
  })
})
