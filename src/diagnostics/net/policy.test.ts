import fc from 'fast-check'
import ipaddr from 'ipaddr.js'
import { describe, expect, it } from 'vitest'
import { createTargetPolicy, listOwnAddresses } from './policy.ts'

const own = ['93.184.216.34', '2a00:1450:4001::5']
const policy = createTargetPolicy({ ownAddresses: own })

describe('createTargetPolicy() by default', () => {
  it.each([
    ['127.0.0.1', '127.0.0.1', 'loopback'],
    ['10.1.2.3', '10.1.2.3', 'private network (RFC 1918)'],
    ['172.16.0.1', '172.16.0.1', 'private network (RFC 1918)'],
    ['172.31.255.255', '172.31.255.255', 'private network (RFC 1918)'],
    ['192.168.1.1', '192.168.1.1', 'private network (RFC 1918)'],
    ['100.64.0.1', '100.64.0.1', 'shared address space (CGNAT)'],
    ['169.254.169.254', '169.254.169.254', 'cloud metadata / link-local'],
    ['169.254.1.1', '169.254.1.1', 'link-local'],
    ['0.0.0.0', '0.0.0.0', 'this network'],
    ['192.0.0.8', '192.0.0.8', 'IETF protocol assignments'],
    ['192.0.2.1', '192.0.2.1', 'documentation range'],
    ['198.51.100.7', '198.51.100.7', 'documentation range'],
    ['203.0.113.5', '203.0.113.5', 'documentation range'],
    ['198.18.0.1', '198.18.0.1', 'benchmarking'],
    ['224.0.0.1', '224.0.0.1', 'multicast'],
    ['240.0.0.1', '240.0.0.1', 'reserved'],
    ['255.255.255.255', '255.255.255.255', 'broadcast'],
    ['2130706433', '127.0.0.1', 'loopback'],
    ['0177.0.0.1', '127.0.0.1', 'loopback'],
    ['0x7f.1', '127.0.0.1', 'loopback'],
    ['0x7f000001', '127.0.0.1', 'loopback'],
    ['127.1', '127.0.0.1', 'loopback'],
    ['::', '::', 'unspecified'],
    ['::1', '::1', 'loopback'],
    ['[::1]', '::1', 'loopback'],
    ['fc00::1', 'fc00::1', 'unique local (ULA)'],
    ['fd12::1', 'fd12::1', 'unique local (ULA)'],
    ['fe80::1', 'fe80::1', 'link-local'],
    ['fe80::1%eth0', 'fe80::1', 'link-local'],
    ['fec0::1', 'fec0::1', 'site-local (deprecated)'],
    ['ff02::1', 'ff02::1', 'multicast'],
    ['2001:db8::1', '2001:db8::1', 'documentation range'],
    ['3fff::1', '3fff::1', 'documentation range'],
    ['100::1', '100::1', 'discard-only'],
    ['2001::1', '2001::1', 'Teredo'],
    ['2001:2::1', '2001:2::1', 'benchmarking'],
    ['2001:10::1', '2001:10::1', 'IETF protocol assignments'],
    ['::7f00:1', '::7f00:1', 'IPv4-compatible (deprecated)'],
    ['::808:808', '::808:808', 'IPv4-compatible (deprecated)'],
    ['::ffff:0:808:808', '::ffff:0:808:808', 'reserved (outside global unicast)'],
    ['::ffff:127.0.0.1', '::ffff:7f00:1', 'loopback via IPv4-mapped 127.0.0.1'],
    ['::ffff:7f00:1', '::ffff:7f00:1', 'loopback via IPv4-mapped 127.0.0.1'],
    ['::ffff:a9fe:a9fe', '::ffff:a9fe:a9fe', 'cloud metadata / link-local via IPv4-mapped 169.254.169.254'],
    ['64:ff9b::a00:1', '64:ff9b::a00:1', 'private network (RFC 1918) via NAT64 10.0.0.1'],
    ['64:ff9b::192.168.0.1', '64:ff9b::c0a8:1', 'private network (RFC 1918) via NAT64 192.168.0.1'],
    ['64:ff9b:1::7f00:1', '64:ff9b:1::7f00:1', 'this network via local-use NAT64 0.0.0.0'],
    ['64:ff9b:1:7f00:0:100::', '64:ff9b:1:7f00:0:100::', 'loopback via local-use NAT64 127.0.0.1'],
    ['2002:7f00:1::', '2002:7f00:1::', 'loopback via 6to4 127.0.0.1'],
    ['2002:a00:1::1', '2002:a00:1::1', 'private network (RFC 1918) via 6to4 10.0.0.1'],
    ['93.184.216.34', '93.184.216.34', "this server's own address"],
    ['2a00:1450:4001:0::5', '2a00:1450:4001::5', "this server's own address"],
    ['::ffff:93.184.216.34', '::ffff:5db8:d822', "this server's own address via IPv4-mapped 93.184.216.34"],
    ['example.com', 'example.com', 'not an IP address'],
    ['1.2.3.4.5', '1.2.3.4.5', 'not an IP address'],
  ])('denies %s as %s: %s', (text, address, range) => {
    expect(policy.check(text)).toEqual({ address, allowed: false, range })
  })

  it.each([
    ['8.8.8.8', '8.8.8.8'],
    ['1.1.1.1', '1.1.1.1'],
    ['172.32.0.1', '172.32.0.1'],
    ['172.15.255.255', '172.15.255.255'],
    ['100.128.0.1', '100.128.0.1'],
    ['192.31.196.1', '192.31.196.1'],
    ['0x08080808', '8.8.8.8'],
    ['2606:4700::1111', '2606:4700::1111'],
    ['2620:4f:8000::1', '2620:4f:8000::1'],
    ['::ffff:8.8.8.8', '::ffff:808:808'],
    ['64:ff9b::808:808', '64:ff9b::808:808'],
    ['64:ff9b::1.1.1.1', '64:ff9b::101:101'],
    ['2002:808:808::1', '2002:808:808::1'],
  ])('allows the public address %s (%s)', (text, address) => {
    expect(policy.check(text)).toEqual({ address, allowed: true })
  })

  it.each([
    ['IPv4', ipaddr.IPv4, 4, ['unicast', 'as112', 'amt']],
    ['IPv6', ipaddr.IPv6, 16, ['unicast', 'as112v6', 'ipv4Mapped', 'rfc6052', '6to4']],
  ] as const)('denies any %s address in a range ipaddr.js classes as special', (_, kind, size, publicNames) => {
    const special = listSpecialRanges(kind).filter(([name]) => !(publicNames as readonly string[]).includes(name))
    const inSpecialRange = fc
      .tuple(fc.constantFrom(...special), fc.uint8Array({ minLength: size, maxLength: size }))
      .map(([[, network, bits], noise]) => fillHostBits(network.toByteArray(), bits, [...noise]))
    fc.assert(
      fc.property(inSpecialRange, (address) => {
        expect(policy.check(address).allowed).toBe(false)
      }),
      { numRuns: 3000 },
    )
  })
})

describe('createTargetPolicy() on IPv6 forms that carry an IPv4 address', () => {
  it.each([
    ['IPv4-mapped', (v4: string) => `::ffff:${v4}`],
    ['NAT64', (v4: string) => `64:ff9b::${v4}`],
    [
      '6to4',
      (v4: string) => ipaddr.fromByteArray([0x20, 0x02, ...ipaddr.IPv4.parse(v4).octets, ...zeros(10)]).toString(),
    ],
  ])('judges the %s form of any IPv4 address as the address itself', (_, wrap) => {
    fc.assert(
      fc.property(fc.ipV4(), (v4) => {
        expect(policy.check(wrap(v4)).allowed).toBe(policy.check(v4).allowed)
      }),
      { numRuns: 2000 },
    )
  })
})

function zeros(count: number): number[] {
  return Array.from({ length: count }, () => 0)
}

type SpecialRange = readonly [string, ipaddr.IPv4 | ipaddr.IPv6, number]

/** ipaddr.js's own table of special ranges, an independent source to check ours against. */
function listSpecialRanges(kind: typeof ipaddr.IPv4 | typeof ipaddr.IPv6): SpecialRange[] {
  type Entry = [ipaddr.IPv4 | ipaddr.IPv6, number]
  const table = (kind.prototype as unknown as { SpecialRanges: Record<string, Entry | Entry[]> }).SpecialRanges
  return Object.entries(table).flatMap(([name, entry]) => {
    const list = Array.isArray(entry[0]) ? (entry as Entry[]) : [entry as Entry]
    return list.map(([network, bits]): SpecialRange => [name, network, bits])
  })
}

function fillHostBits(network: number[], bits: number, noise: number[]): string {
  const bytes = network.map((byte, i) => {
    const kept = Math.max(0, Math.min(8, bits - i * 8))
    const mask = (0xff << (8 - kept)) & 0xff
    return (byte & mask) | ((noise[i] ?? 0) & ~mask & 0xff)
  })
  return ipaddr.fromByteArray(bytes).toString()
}

describe('createTargetPolicy() with TARGET_ALLOW', () => {
  it.each([
    [['127.0.0.0/8'], '127.0.0.1', true],
    [['127.0.0.0/8'], '2130706433', true],
    [['127.0.0.0/8'], '::ffff:127.0.0.1', true],
    [['127.0.0.0/8'], '64:ff9b::7f00:1', true],
    [['127.0.0.0/8'], '10.0.0.1', false],
    [['127.0.0.0/8'], '::1', false],
    [['198.51.100.0/24', '2001:db8::/32'], '198.51.100.7', true],
    [['198.51.100.0/24', '2001:db8::/32'], '2001:db8::1', true],
    [['198.51.100.0/24', '2001:db8::/32'], '203.0.113.5', false],
    [['198.51.100.0/24'], '2001:db8::1', false],
    [['64:ff9b::/96'], '64:ff9b::7f00:1', true],
    [['10.0.0.5'], '10.0.0.5', true],
    [['10.0.0.5'], '10.0.0.6', false],
    [['::1'], '::1', true],
    [['::1'], '[::1]', true],
    [['fe80::/10'], 'fe80::1%eth0', true],
    [['93.184.216.34'], '93.184.216.34', true],
  ])('with allow %j, %s allowed is %s', (allow, text, expected) => {
    const withAllow = createTargetPolicy({ allow, ownAddresses: own })
    expect(withAllow.check(text).allowed).toBe(expected)
  })

  it.each([['not-an-ip'], ['10.0.0.0/33'], ['2001:db8::/129'], ['']])(
    'refuses the invalid allow entry %j at creation',
    (entry) => {
      expect(() => createTargetPolicy({ allow: [entry], ownAddresses: [] })).toThrow(/not an IP address or CIDR/)
    },
  )
})

describe('createTargetPolicy() own addresses', () => {
  it('denies the given own addresses and no others when ownAddresses is given', () => {
    const custom = createTargetPolicy({ ownAddresses: ['8.8.4.4'] })
    expect(custom.check('8.8.4.4')).toEqual({ address: '8.8.4.4', allowed: false, range: "this server's own address" })
    expect(custom.check('93.184.216.34').allowed).toBe(true)
  })

  it('names loopback rather than own address for 127.0.0.1', () => {
    const custom = createTargetPolicy({ ownAddresses: ['127.0.0.1'] })
    expect(custom.check('127.0.0.1').range).toBe('loopback')
  })

  it("denies every address of this machine's interfaces when ownAddresses is not given", () => {
    const addresses = listOwnAddresses()
    expect(addresses).toContain('127.0.0.1')
    const fromInterfaces = createTargetPolicy({})
    for (const address of addresses) expect(fromInterfaces.check(address).allowed).toBe(false)
  })
})

describe('TargetPolicy.explain()', () => {
  it.each([
    ['203.0.113.5', '203.0.113.5 is not allowed: documentation range'],
    ['169.254.169.254', '169.254.169.254 is not allowed: cloud metadata / link-local'],
    ['2130706433', '127.0.0.1 is not allowed: loopback'],
    ['::ffff:10.0.0.1', '::ffff:a00:1 is not allowed: private network (RFC 1918) via IPv4-mapped 10.0.0.1'],
    ['example.com', 'example.com is not allowed: not an IP address'],
    ['8.8.8.8', '8.8.8.8 is allowed'],
  ])('explains the decision for %s', (text, sentence) => {
    expect(policy.explain(policy.check(text))).toBe(sentence)
  })
})
