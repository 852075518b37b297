import { describe, expect, it } from 'vitest'
import { buildPingArgs } from './args.ts'

const v4 = { address: '203.0.113.10', family: 4 as const }
const v6 = { address: '2001:db8:c::10', family: 6 as const }
const build = (patch: Partial<Parameters<typeof buildPingArgs>[0]> = {}) =>
  buildPingArgs({ address: v4, count: 4, intervalSec: 1, replyWaitSec: 2, ...patch })

describe('buildPingArgs()', () => {
  it('ends with "--" and the IP literal, so the target can never be read as an option', () => {
    expect(build().slice(-2)).toEqual(['--', '203.0.113.10'])
  })

  it('asks for numeric output and for outstanding replies to be reported', () => {
    expect(build()).toContain('-n')
    expect(build()).toContain('-O')
  })

  it('picks -4 or -6 from the address family', () => {
    expect(build()).toContain('-4')
    expect(build({ address: v6 })).toContain('-6')
    expect(build({ address: v6 })).not.toContain('-4')
  })

  it('passes the count, the interval and the wait for the last reply as separate arguments', () => {
    const args = build({ count: 10, intervalSec: 0.5, replyWaitSec: 3 })
    expect(args[args.indexOf('-c') + 1]).toBe('10')
    expect(args[args.indexOf('-i') + 1]).toBe('0.5')
    expect(args[args.indexOf('-W') + 1]).toBe('3')
  })

  it('never sets a -w deadline, which would make ping send more than count probes', () => {
    expect(build()).not.toContain('-w')
  })

  it('is exactly the expected array for the default run', () => {
    expect(build()).toEqual(['-n', '-O', '-4', '-c', '4', '-i', '1', '-W', '2', '--', '203.0.113.10'])
  })

  it('refuses a count that is not a positive integer', () => {
    expect(() => build({ count: 0 })).toThrow(RangeError)
    expect(() => build({ count: 1.5 })).toThrow(RangeError)
  })
})
