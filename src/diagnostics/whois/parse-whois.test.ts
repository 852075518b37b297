import { readdirSync, readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { decodeWhoisText } from './decode-whois.ts'
import { findNotFound, findReferral, parseWhoisFields } from './parse-whois.ts'

const dir = new URL('./fixtures/', import.meta.url)
const files = readdirSync(dir)
const cases = [...new Set(files.map((f) => f.replace(/\.(txt|json)$/, '')))]

describe('whois parser fixtures', () => {
  it('has a .txt and a .json for every case', () => {
    const orphans = cases.filter((c) => !files.includes(`${c}.txt`) || !files.includes(`${c}.json`))
    expect(orphans).toEqual([])
  })

  it.each(cases.filter((c) => files.includes(`${c}.txt`) && files.includes(`${c}.json`)))(
    'reads the fields, referral and refusal of %s',
    (name) => {
      const text = readFileSync(new URL(`${name}.txt`, dir), 'utf8')
      const expected = JSON.parse(readFileSync(new URL(`${name}.json`, dir), 'utf8'))
      expect(parseWhoisFields(text)).toEqual(expected.fields)
      expect(findReferral(text) ?? null).toBe(expected.referral)
      expect(findNotFound(text) ?? null).toBe(expected.notFound)
    },
  )
})

describe('findReferral()', () => {
  it('keeps a port written after the server name', () => {
    expect(findReferral('refer: 127.0.0.1:4343\n')).toBe('127.0.0.1:4343')
  })
  it('ignores rwhois and web referrals', () => {
    expect(findReferral('ReferralServer: rwhois://rwhois.example.net:4321\n')).toBeUndefined()
    expect(findReferral('Registrar WHOIS Server: https://whois.example/\n')).toBeUndefined()
  })
  it('ignores an empty "Registrar WHOIS Server:" line', () => {
    expect(findReferral('Registrar WHOIS Server: \nRegistrar URL: http://x.example\n')).toBeUndefined()
  })
})

describe('findNotFound()', () => {
  it('reads the refusal line of an answer with CRLF line ends', () => {
    expect(findNotFound('% Registry whois\r\n\r\nNo match for "FREE.TEST".\r\n')).toBe('No match for "FREE.TEST".')
  })
})

describe('decodeWhoisText()', () => {
  const latin1 = Buffer.from('Registrant: Société Générale Électricité\n', 'latin1')

  it('decodes valid UTF-8 as UTF-8', () => {
    expect(decodeWhoisText(Buffer.from('Registrant: Müller GmbH\n', 'utf8'))).toBe('Registrant: Müller GmbH\n')
  })
  it('falls back to ISO-8859-1 when the bytes are not UTF-8', () => {
    expect(decodeWhoisText(latin1)).toBe('Registrant: Société Générale Électricité\n')
  })
  it('uses the charset known for the server when given', () => {
    const jis = Buffer.from([0x1b, 0x24, 0x42, 0x46, 0x7c, 0x4b, 0x5c, 0x1b, 0x28, 0x42])
    expect(decodeWhoisText(jis, 'iso-2022-jp')).toBe('日本')
  })
})

describe('parseWhoisFields() general rules', () => {
  it('reads an answer the same whatever ends its lines: LF, CR LF, CR CR LF, a bare CR, or a mix', () => {
    // A real answer of the tuned corpus (google.pl), its line ends rewritten into each form.
    const corpus = new URL('../../../test/fixtures/golden/whois-corpus/', import.meta.url)
    const lines = readFileSync(new URL('pl-3.txt', corpus), 'utf8').split(/\r?\n/)
    const options = { domain: 'google.pl' }
    const reference = parseWhoisFields(lines.join('\n'), options)
    expect(reference.nameServers).toEqual(['ns2.google.com', 'ns1.google.com'])
    const mixed = lines.map((line, index) => line + ['\n', '\r\n', '\r\r\n', '\r'][index % 4]).join('')
    for (const text of [lines.join('\r\n'), lines.join('\r\r\n'), lines.join('\r'), mixed])
      expect(parseWhoisFields(text, options)).toEqual(reference)
    // .ae ends its last line with a bare CR: the last name server is still read.
    const lastServer = 'Domain Name: example.ae\r\nName Server: ns1.example.net\r\nName Server: ns2.example.net\r'
    expect(parseWhoisFields(lastServer).nameServers).toEqual(['ns1.example.net', 'ns2.example.net'])
  })
  it('reads a list of host names under a heading it does not know as name servers', () => {
    const text = 'Domain Name: example.test\nDelegated to:\nns1.example.net\nns2.example.net. 198.51.100.7\n'
    expect(parseWhoisFields(text).nameServers).toEqual(['ns1.example.net', 'ns2.example.net'])
  })
  it('does not read a contact block of one host-like line as name servers', () => {
    const text = 'Domain Name: example.test\nRegistrant:\n  Example Ltd\n  www.example.net\n'
    expect(parseWhoisFields(text).nameServers).toEqual([])
  })
  it('applies African zone abbreviations and reads two-digit years', () => {
    const text = 'Created: 18 Apr 2003 00:00 EAT\nModified: 20 Sep 2013 17:47 WAT\nExpiration Date: 16/09/14\n'
    expect(parseWhoisFields(text)).toMatchObject({
      createdAt: '2003-04-17T21:00:00Z',
      updatedAt: '2013-09-20T16:47:00Z',
      expiresAt: '2014-09-16T00:00:00Z',
    })
  })
  it('reads Spanish and French keys, with or without accents', () => {
    const text = 'Registrado por: Example SA\nFecha de Creación: 2012-07-03\nDate de creation#. . . .10/01/2007\n'
    expect(parseWhoisFields(text)).toMatchObject({ registrar: 'Example SA', createdAt: '2012-07-03T00:00:00Z' })
  })
  it('drops a name server whose top-level domain does not exist', () => {
    expect(parseWhoisFields('Name Server: ns1.example.net. not.defined.\n').nameServers).toEqual(['ns1.example.net'])
  })
  it('takes the registrar name and abuse contact from the registrar object its handle names', () => {
    const text =
      'domain: example.test\nregistrar: reg.example\nstatus: ok\n\nregistrar: reg.example\norganization: Example Registrar Ltd\nabuse-email: abuse@example.net\n'
    expect(parseWhoisFields(text, { domain: 'example.test' })).toMatchObject({
      registrar: 'Example Registrar Ltd',
      abuseContact: { email: 'abuse@example.net' },
    })
  })
  it('gives no registrar and no status where the answer says there is none', () => {
    const text =
      '    Registrar:\n        No registrar listed.  This domain is registered directly with Nominet.\n    Registration status:\n        No registration status listed.\n'
    const fields = parseWhoisFields(text)
    expect({ registrar: fields.registrar, statuses: fields.statuses }).toEqual({ registrar: undefined, statuses: [] })
  })
  it('reads listed DNSKEY records as a signed domain and Flags lines as statuses', () => {
    const text = 'Domain:\texample.test\nFlags:\n\tclientTransferProhibited\n\nDNSSEC:\ndnskey:   257 3 8 AwEAAY+r\n'
    expect(parseWhoisFields(text)).toMatchObject({ dnssec: 'signed', statuses: ['clientTransferProhibited'] })
  })
  it('reads a DS record under "dsrecord:" or "DS:" as a signed domain, and such a key alone as nothing', () => {
    const br = 'domain: example.test\ndsrecord: 59973 ECDSA-SHA-256 17A233B59FE51E6205205E0556343DB121AB5023\n'
    const pl = 'DOMAIN NAME: example.test\nDS: 5948 13 2 578b92fc5c963e1083f6e9d243f50f4a8355af76\n'
    expect([parseWhoisFields(br).dnssec, parseWhoisFields(pl).dnssec]).toEqual(['signed', 'signed'])
    expect(parseWhoisFields('domain: example.test\nds: -\ndsrecord:\n').dnssec).toBeUndefined()
  })
  it('reads "DNSSEC signed: no" as unsigned and drops the IANA id after a registrar name', () => {
    const text = 'Domain name: example.test\nRegistrar: Example Registrar (9999)\nDNSSEC signed: no\n'
    expect(parseWhoisFields(text)).toMatchObject({ registrar: 'Example Registrar', dnssec: 'unsigned' })
    expect(parseWhoisFields('Registrar: Example (Europe) Ltd\n').registrar).toBe('Example (Europe) Ltd')
  })
  it('reads the registrar named after its handle on "Registrar ID:" and numbered DS lines as signed', () => {
    const cat = 'Domain Name: example.test\nRegistrar ID: R-2002 (Example Digital SL)\nStatus: ok\n'
    expect(parseWhoisFields(cat).registrar).toBe('Example Digital SL')
    const afnic = 'domain: example.test\nstatus: ACTIVE\n\nkey1-tag: 42275\nkey1-dgst: 0337202F13AADFAFF4197396D15C\n'
    expect(parseWhoisFields(afnic).dnssec).toBe('signed')
    expect(parseWhoisFields('domain: example.test\nkey1-tag: 42275\nkey1-dgst:\n').dnssec).toBeUndefined()
  })
  it('reads values indented under keys of their own, with the weekday before the day', () => {
    const text =
      '\nDomain:\n\texample.ac.test\n\nRegistered By:\n\tExample Networks Ltd\n\nServers:\n\tns1.example.net\t192.0.2.1\n\tns2.example.net\t\n\nRenewal date:\n\tMonday 20th Oct 2014\n\nEntry updated:\n\tWednesday 20th March 2013\n\nEntry created:\n\tFriday 7th November 2003\n'
    expect(parseWhoisFields(text, { domain: 'example.ac.test' })).toMatchObject({
      registrar: 'Example Networks Ltd',
      createdAt: '2003-11-07T00:00:00Z',
      updatedAt: '2013-03-20T00:00:00Z',
      expiresAt: '2014-10-20T00:00:00Z',
      nameServers: ['ns1.example.net', 'ns2.example.net'],
    })
  })
  it('reads a sponsoring registrar\'s abuse lines, "Domain state:" and no registrar for "NONE"', () => {
    const text =
      'Domain Name: example.test\nSponsoring Registrar: NONE\nSponsoring Registrar Abuse Phone: +1.5555550100\nSponsoring Registrar Abuse Email: abuse@example.net\nDomain state:   OK\n'
    expect(parseWhoisFields(text)).toMatchObject({
      abuseContact: { email: 'abuse@example.net', phone: '+1.5555550100' },
      statuses: ['ok'],
    })
    expect(parseWhoisFields(text).registrar).toBeUndefined()
  })
  it('reads .ws\'s "Domain Last Updated:" and "Domain Currently Expires:"', () => {
    const text =
      '  Domain Name: EXAMPLE.WS\n\n  Domain Created: 2002-03-03\n  Domain Last Updated: 2008-12-08\n  Domain Currently Expires: 2010-03-03\n'
    expect(parseWhoisFields(text)).toMatchObject({
      createdAt: '2002-03-03T00:00:00Z',
      updatedAt: '2008-12-08T00:00:00Z',
      expiresAt: '2010-03-03T00:00:00Z',
    })
  })
  it('reads an abuse contact written as bare lines under "Abuse Contact:" (SIDN)', () => {
    const both = 'Domain name: example.nl\n\nAbuse Contact:\n   +31.555555555\n   abuse@example.net\n\nDNSSEC: no\n'
    expect(parseWhoisFields(both).abuseContact).toEqual({ email: 'abuse@example.net', phone: '+31.555555555' })
    const emailOnly = 'Domain name: example.nl\n\nAbuse Contact:\n   abuse@example.net\n\nDNSSEC: no\n'
    expect(parseWhoisFields(emailOnly).abuseContact).toEqual({ email: 'abuse@example.net' })
    const address = 'Domain name: example.nl\n\nRegistrar:\n   Example BV\n   Street 1\n   1234AB City\n'
    expect(parseWhoisFields(address).abuseContact).toBeUndefined()
  })
  it('reads name servers under "DNS servers" and numbered "Server Hostname" lines, not a blank key\'s block', () => {
    const tn =
      'Domain name.........: example.test\n\nDNS servers\nName................: ns1.example.net.\nName................: ns2.example.net.\n'
    expect(parseWhoisFields(tn).nameServers).toEqual(['ns1.example.net', 'ns2.example.net'])
    const ai =
      'Administrative Contact\n NIC Handle (if known)......: \n State......................: CA\nNameservers\n Primary Server Hostname....: ns1.example.net\n Primary Server Netaddress..: \n Secondary Server Hostname..: ns2.example.net\n'
    expect(parseWhoisFields(ai)).toMatchObject({ nameServers: ['ns1.example.net', 'ns2.example.net'], statuses: [] })
  })
  it('reads an update date with milliseconds and an offset under "Information Last Updated:"', () => {
    const text = 'Domain name: example.test\n\nInformation Last Updated:       2025-10-20T11:58:59.000+03:00\n'
    expect(parseWhoisFields(text).updatedAt).toBe('2025-10-20T08:58:59Z')
  })
  it('keeps a fraction of a second to the millisecond, and gives whole seconds for a zero fraction', () => {
    const text =
      'Domain Name: example.test\nUpdated Date: 2014-06-28T09:18:02.516Z\nCreation Date: 2017-03-22 17:08:16.526307+11\nRegistry Expiry Date: 2018-12-31T21:00:00.0Z\n'
    expect(parseWhoisFields(text)).toMatchObject({
      updatedAt: '2014-06-28T09:18:02.516Z',
      createdAt: '2017-03-22T06:08:16.526Z',
      expiresAt: '2018-12-31T21:00:00Z',
    })
    expect(parseWhoisFields('Updated Date: 2017-12-05T19:55:33.58Z\n').updatedAt).toBe('2017-12-05T19:55:33.580Z')
  })
  it('reads statuses separated by slashes as several statuses', () => {
    const text = 'Domain:             example.it\nStatus:             ok / autoRenewPeriod\n'
    expect(parseWhoisFields(text).statuses).toEqual(['ok', 'autoRenewPeriod'])
  })
  it('reads a known key of several words written without a colon, its value after a run of spaces', () => {
    const text = 'Domain  name    example.md\nDomain state    OK\nRegistered on   2012-08-27\n'
    expect(parseWhoisFields(text, { domain: 'example.md' })).toMatchObject({
      statuses: ['ok'],
      createdAt: '2012-08-27T00:00:00Z',
    })
  })
  it('reads "Registrar Abuse Email:" and "Registrar Abuse Phone:" as the abuse contact', () => {
    const text =
      'Domain Name: example.ai\nRegistrar Abuse Phone: +1.2025550100\nRegistrar Abuse Email: abuse@example.net\n'
    expect(parseWhoisFields(text).abuseContact).toEqual({ email: 'abuse@example.net', phone: '+1.2025550100' })
  })
  it("reads JPRS's Japanese-language keys for the dates and the state", () => {
    const text =
      '[Domain Name]                   EXAMPLE.JP\n\n[登録年月日]                    2001/05/09\n[有効期限]                      2022/05/31\n[状態]                          Active\n[最終更新]                      2021/06/01 01:05:09 (JST)\n'
    expect(parseWhoisFields(text)).toMatchObject({
      createdAt: '2001-05-09T00:00:00Z',
      expiresAt: '2022-05-31T00:00:00Z',
      updatedAt: '2021-05-31T16:05:09Z',
      statuses: ['active'],
    })
  })
  it("reads KISA's 9999 expiry of a domain that does not expire, but no other year past 2999", () => {
    expect(parseWhoisFields('Expiration Date             : 9999. 12. 31.\n').expiresAt).toBe('9999-12-31T00:00:00Z')
    expect(parseWhoisFields('Expiration Date             : 5000. 12. 31.\n').expiresAt).toBeUndefined()
  })
  it('reads "[Signing Key]" with a key tag, algorithm and digest type but no digest as signed', () => {
    expect(parseWhoisFields('[Domain Name]   EXAMPLE.JP\n[Signing Key]   7240 8 2\n').dnssec).toBe('signed')
    expect(parseWhoisFields('[Domain Name]   EXAMPLE.JP\n[Signing Key]   53577 13 2 (\n').dnssec).toBe('signed')
  })
})

describe('a lookup chain saved as one text', () => {
  const iana =
    'refer:        whois.example-registry.test\n\ndomain:       TEST\n\nnserver:      A.NIC.TEST 192.0.2.1\nstatus:       ACTIVE\n\ncreated:      1990-01-01\nchanged:      2021-05-26\nsource:       IANA\n'
  const registry =
    'Domain Name: EXAMPLE.TEST\nRegistrar: EXAMPLE REGISTRAR, INC.\nName Server: NS1.EXAMPLE.NET\nStatus: clientTransferProhibited\nCreation Date: 17-nov-2004\nExpiration Date: 17-nov-2026\n'
  const registrar =
    'Domain Name: EXAMPLE.TEST\nRegistrar: Example Registrar, Inc.\nCreation Date: 2004-11-17T10:38:23Z\nRegistrar Registration Expiration Date: 2026-11-17T10:38:23Z\nDomain Status: clientTransferProhibited\nDomain Status: clientDeleteProhibited\nName Server: ns1.example.net\nName Server: ns2.example.net\nDNSSEC: unsigned\nRegistrar Abuse Contact Email: abuse@registrar.test\n'

  it("reads every field the registry gives from the registry's record, the rest from the registrar's", () => {
    expect(parseWhoisFields(`${iana}\n${registry}\n${registrar}`, { domain: 'example.test' })).toMatchObject({
      registrar: 'EXAMPLE REGISTRAR, INC.',
      createdAt: '2004-11-17T00:00:00Z',
      expiresAt: '2026-11-17T00:00:00Z',
      statuses: ['clientTransferProhibited'],
      nameServers: ['ns1.example.net'],
      dnssec: 'unsigned',
      abuseContact: { email: 'abuse@registrar.test' },
    })
  })

  it("never reads IANA's record of the top-level domain for the domain, also when it follows the domain's", () => {
    const fields = parseWhoisFields(`${registry}\n${iana}\n${registry}\n${registrar}`, { domain: 'example.test' })
    expect(fields).toMatchObject({ statuses: ['clientTransferProhibited'], nameServers: ['ns1.example.net'] })
    expect(fields.updatedAt).toBeUndefined()
  })
})
