import { describe, expect, it } from 'vitest'
import { createSubnetKeys } from './subnet-key.ts'

describe('createSubnetKeys()', () => {
  it('counts each IPv6 /64 alone until its /48 holds more active /64s than the threshold', () => {
    let clock = 0
    const keys = createSubnetKeys({ threshold: 3, windowMs: 60_000 }, { now: () => clock })
    expect(keys.keyFor('2001:db8:1:1::5')).toBe('2001:db8:1:1::/64')
    expect(keys.keyFor('2001:db8:1:2::5')).toBe('2001:db8:1:2::/64')
    expect(keys.keyFor('2001:db8:1:3::5')).toBe('2001:db8:1:3::/64')
    expect(keys.keyFor('2001:db8:1:4::5')).toBe('2001:db8:1::/48')
    expect(keys.keyFor('2001:db8:1:1::9')).toBe('2001:db8:1::/48')
    // Another /48 and IPv4 are untouched.
    expect(keys.keyFor('2001:db8:2:1::5')).toBe('2001:db8:2:1::/64')
    expect(keys.keyFor('198.51.100.7')).toBe('198.51.100.7')
    // Once the /64s go quiet, each is counted alone again.
    clock += 61_000
    expect(keys.keyFor('2001:db8:1:1::5')).toBe('2001:db8:1:1::/64')
  })
})
