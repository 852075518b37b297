import { describe, expect, it } from 'vitest'
import { combineWhoisFields, type WhoisStep } from './whois-chain.ts'

const step = (server: string, text: string): WhoisStep => ({ server, text, truncated: false })

describe('combineWhoisFields()', () => {
  const iana = step(
    'whois.iana.org',
    'refer: whois.registry.test\n\ndomain: TEST\n\nnserver: A.NIC.TEST\nstatus: ACTIVE\n',
  )
  const registry = step(
    'whois.registry.test',
    'Domain Name: EXAMPLE.TEST\nRegistrar: EXAMPLE REGISTRAR\nCreation Date: 17-nov-2004\nStatus: clientTransferProhibited\nName Server: NS1.EXAMPLE.NET\n',
  )
  const registrar = step(
    'whois.registrar.test',
    'Domain Name: EXAMPLE.TEST\nRegistrar: Example Registrar, Inc.\nCreation Date: 2004-11-17T10:38:23Z\nDomain Status: clientDeleteProhibited\nName Server: ns2.example.net\nRegistrar Abuse Contact Email: abuse@registrar.test\n',
  )

  it("takes each field from the registry's answer, and from the registrar's only what the registry leaves out", () => {
    expect(combineWhoisFields([iana, registry, registrar], 'example.test')).toMatchObject({
      registrar: 'EXAMPLE REGISTRAR',
      createdAt: '2004-11-17T00:00:00Z',
      statuses: ['clientTransferProhibited'],
      nameServers: ['ns1.example.net'],
      abuseContact: { email: 'abuse@registrar.test' },
    })
  })

  it("never reads IANA's record of the top-level domain for the domain, also when it is the only answer", () => {
    expect(combineWhoisFields([iana], 'example.test')).toEqual({ statuses: [], nameServers: [] })
    expect(combineWhoisFields([iana, registry], 'example.test').nameServers).toEqual(['ns1.example.net'])
  })

  it('reads the only answer of a server that is not IANA (a registry set as the first server)', () => {
    expect(combineWhoisFields([registry], 'example.test').registrar).toBe('EXAMPLE REGISTRAR')
  })
})
