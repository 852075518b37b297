import { isIP } from 'node:net'
import { describe, expect, it } from 'vitest'
import { PUBLIC_RESOLVERS, RESOLVER_CHOICES } from '../../shared/tools/dns/schema.ts'
import { createNet } from '../net/net.ts'
import { chooseResolver } from './resolver-choice.ts'

const net = createNet({ targetAllow: [], dnsServers: ['127.0.0.1:5300'], ownAddresses: [] })

describe('chooseResolver()', () => {
  it.each([[{}], [{ resolver: 'system' }]])('uses the configured resolver, unchecked, for %j', (options) => {
    expect(chooseResolver(options, net)).toEqual({
      endpoint: { address: '127.0.0.1', port: 5300 },
      label: 'System resolver',
      origin: 'system',
    })
  })

  it.each([
    ['cloudflare', '1.1.1.1', 'Cloudflare (1.1.1.1)'],
    ['google', '8.8.8.8', 'Google Public DNS (8.8.8.8)'],
    ['quad9-ipv6', '2620:fe::fe', 'Quad9 (2620:fe::fe)'],
    ['opendns', '208.67.222.222', 'OpenDNS (208.67.222.222)'],
  ])('sends the public resolver %s to %s on port 53', (resolver, address, label) => {
    expect(chooseResolver({ resolver }, net)).toEqual({ endpoint: { address, port: 53 }, label, origin: 'public' })
  })

  it('checks a public resolver against the target policy', () => {
    const ownIsGoogle = createNet({ targetAllow: [], dnsServers: ['127.0.0.1'], ownAddresses: ['8.8.8.8'] })
    expect(chooseResolver({ resolver: 'google' }, ownIsGoogle)).toEqual({
      status: 'failed',
      failureSource: 'policy',
      error: "8.8.8.8 is not allowed: this server's own address",
    })
  })

  it('refuses a custom loopback server unless TARGET_ALLOW lists it', () => {
    expect(chooseResolver({ server: '127.0.0.1:5353' }, net)).toMatchObject({
      failureSource: 'policy',
      error: '127.0.0.1 is not allowed: loopback',
    })
    const allowing = createNet({ targetAllow: ['127.0.0.0/8'], dnsServers: ['127.0.0.1'], ownAddresses: [] })
    expect(chooseResolver({ server: '127.0.0.1:5353' }, allowing)).toEqual({
      endpoint: { address: '127.0.0.1', port: 5353 },
      label: 'Custom server',
      origin: 'custom',
    })
  })

  it('fails on an id that is not a known public resolver', () => {
    expect(chooseResolver({ resolver: 'nope' }, net)).toMatchObject({ failureSource: 'server' })
  })

  it('fails when no resolver is configured and none is chosen', () => {
    const none = createNet({ targetAllow: [], dnsServers: [], systemResolvers: [], ownAddresses: [] })
    expect(chooseResolver({}, none)).toMatchObject({
      failureSource: 'server',
      error: 'No DNS resolver is configured on this server',
    })
  })
})

describe('PUBLIC_RESOLVERS', () => {
  it('lists IP addresses of the stated family that the default policy allows, under unique ids', () => {
    const ids = new Set(PUBLIC_RESOLVERS.map((r) => r.id))
    expect(ids.size).toBe(PUBLIC_RESOLVERS.length)
    expect(RESOLVER_CHOICES).toEqual(['system', ...ids])
    for (const resolver of PUBLIC_RESOLVERS) {
      expect(isIP(resolver.address)).toBe(resolver.family)
      expect(net.policy.check(resolver.address)).toEqual({ address: resolver.address, allowed: true })
    }
  })
})
