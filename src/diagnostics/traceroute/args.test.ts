import { describe, expect, it } from 'vitest'
import { buildMtrArgs, type MtrArgsInput } from './args.ts'

const base: MtrArgsInput = {
  address: { address: '203.0.113.10', family: 4 },
  count: 5,
  maxHops: 30,
  packetBytes: 60,
  intervalSec: 1,
  graceSec: 2,
  protocol: 'icmp',
}
const build = (patch: Partial<MtrArgsInput> = {}) => buildMtrArgs({ ...base, ...patch })
const valueAfter = (args: string[], flag: string) => args[args.indexOf(flag) + 1]

describe('buildMtrArgs()', () => {
  it('ends with "--" and the IP literal, so the target can never be read as an option', () => {
    expect(build().slice(-2)).toEqual(['--', '203.0.113.10'])
  })

  it('asks for raw, numeric output so hops stream and names come from our own resolver', () => {
    expect(build().slice(0, 2)).toEqual(['--raw', '-n'])
  })

  it('passes count, max hops, packet size, interval and grace time', () => {
    const args = build({ count: 10, maxHops: 30, packetBytes: 60, intervalSec: 0.5, graceSec: 3 })
    expect(valueAfter(args, '-c')).toBe('10')
    expect(valueAfter(args, '-m')).toBe('30')
    expect(valueAfter(args, '-s')).toBe('60')
    expect(valueAfter(args, '-i')).toBe('0.5')
    expect(valueAfter(args, '-G')).toBe('3')
  })

  it('picks -4 or -6 from the address family', () => {
    expect(build()).toContain('-4')
    expect(build({ address: { address: '2001:db8:c::10', family: 6 } })).toContain('-6')
  })

  it('uses ICMP unless UDP or TCP is asked for, with the port only for those', () => {
    expect(build({ port: 80 })).not.toContain('-P')
    expect(build({ protocol: 'tcp', port: 443 })).toEqual(expect.arrayContaining(['--tcp', '-P', '443']))
    expect(build({ protocol: 'udp', port: 33434 })).toEqual(expect.arrayContaining(['--udp', '-P', '33434']))
    expect(build()).not.toContain('--tcp')
  })

  it('is exactly the expected array for the default run', () => {
    expect(build()).toEqual([
      '--raw',
      '-n',
      '-4',
      '-c',
      '5',
      '-m',
      '30',
      '-s',
      '60',
      '-i',
      '1',
      '-G',
      '2',
      '--',
      '203.0.113.10',
    ])
  })

  it('refuses a count that is not a positive integer', () => {
    expect(() => build({ count: 0 })).toThrow(RangeError)
  })
})
