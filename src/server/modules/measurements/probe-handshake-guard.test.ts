import { describe, expect, it } from 'vitest'
import { addressKeyOf, createHandshakeGuard, type HandshakeLimits } from './probe-handshake-guard.ts'

const LIMITS: HandshakeLimits = {
  attemptsPerMinute: 5,
  pendingPerAddress: 2,
  connectionsPerAddress: 3,
  failuresBeforeLockout: 3,
  lockoutMs: 600_000,
  failureDelayMs: 0,
}

function guardAt(start = 1_000_000) {
  const clock = { now: start }
  return { guard: createHandshakeGuard(LIMITS, () => clock.now), clock }
}

/** A handshake that starts and is answered at once, accepted. */
function handshake(guard: ReturnType<typeof createHandshakeGuard>, address: string) {
  const verdict = guard.begin(address)
  if (verdict.ok) guard.settle(address)
  return verdict
}

describe('createHandshakeGuard()', () => {
  it('refuses the handshakes of an address past its count per minute, and lets them in a minute later', () => {
    const { guard, clock } = guardAt()
    for (let i = 0; i < 5; i += 1) expect(handshake(guard, '198.51.100.1')).toEqual({ ok: true })
    expect(handshake(guard, '198.51.100.1')).toEqual({
      ok: false,
      message: 'Too many probe handshakes from this address: try again in a minute',
    })
    expect(handshake(guard, '198.51.100.2')).toEqual({ ok: true })
    clock.now += 60_000
    expect(handshake(guard, '198.51.100.1')).toEqual({ ok: true })
  })

  it('shuts an address out after its failures until the lockout has passed since the last one', () => {
    const { guard, clock } = guardAt()
    for (let i = 0; i < 3; i += 1) {
      expect(guard.begin('198.51.100.3').ok).toBe(true)
      guard.fail('198.51.100.3')
      guard.settle('198.51.100.3')
    }
    clock.now += 599_000
    expect(guard.begin('198.51.100.3')).toEqual({
      ok: false,
      message: 'Too many failed probe handshakes from this address: try again later',
    })
    clock.now += 1000
    expect(handshake(guard, '198.51.100.3')).toEqual({ ok: true })
  })

  it('counts handshakes being checked and connections held against the connection cap', () => {
    const { guard } = guardAt()
    expect(guard.begin('198.51.100.4').ok).toBe(true)
    expect(guard.begin('198.51.100.4').ok).toBe(true)
    expect(guard.begin('198.51.100.4')).toEqual({
      ok: false,
      message: 'Too many probe handshakes at once from this address',
    })
    guard.settle('198.51.100.4')
    guard.settle('198.51.100.4')
    for (let i = 0; i < 3; i += 1) guard.connected('198.51.100.4')
    expect(handshake(guard, '198.51.100.4')).toEqual({
      ok: false,
      message: 'Too many probe connections from this address (at most 3)',
    })
    guard.disconnected('198.51.100.4')
    expect(handshake(guard, '198.51.100.4')).toEqual({ ok: true })
  })

  it('counts IPv6 addresses by their /64 and IPv4-mapped ones as IPv4', () => {
    expect(addressKeyOf('2001:db8:1:2:aaaa::1')).toBe(addressKeyOf('2001:db8:1:2:bbbb::2'))
    expect(addressKeyOf('2001:db8:1:3::1')).not.toBe(addressKeyOf('2001:db8:1:2::1'))
    expect(addressKeyOf('::ffff:198.51.100.5')).toBe('198.51.100.5')
    const { guard } = guardAt()
    for (let i = 0; i < 5; i += 1) expect(handshake(guard, `2001:db8:1:2::${i + 1}`).ok).toBe(true)
    expect(handshake(guard, '2001:db8:1:2::99').ok).toBe(false)
    expect(handshake(guard, '2001:db8:1:3::1').ok).toBe(true)
  })
})
