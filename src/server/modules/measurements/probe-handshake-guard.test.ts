import { describe, expect, it } from 'vitest'
import {
  addressKeyOf,
  createHandshakeGuard,
  type HandshakeLimits,
  handshakeRefusalMessage,
} from './probe-handshake-guard.ts'

const LIMITS: HandshakeLimits = {
  attemptsPerMinute: 5,
  pendingPerAddress: 2,
  connectionsPerAddress: 3,
  failuresBeforeLockout: 3,
  lockoutMs: 600_000,
  failureDelayMs: 0,
  floodRefusalsPerMinute: 4,
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
    expect(handshake(guard, '198.51.100.1')).toEqual({ ok: false, refusal: 'too-frequent' })
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
    expect(guard.begin('198.51.100.3')).toEqual({ ok: false, refusal: 'locked-out' })
    clock.now += 1000
    expect(handshake(guard, '198.51.100.3')).toEqual({ ok: true })
  })

  it('counts handshakes being checked and connections held against the connection cap', () => {
    const { guard } = guardAt()
    expect(guard.begin('198.51.100.4').ok).toBe(true)
    expect(guard.begin('198.51.100.4').ok).toBe(true)
    expect(guard.begin('198.51.100.4')).toEqual({ ok: false, refusal: 'too-many-pending' })
    guard.settle('198.51.100.4')
    guard.settle('198.51.100.4')
    for (let i = 0; i < 3; i += 1) guard.connected('198.51.100.4')
    expect(handshake(guard, '198.51.100.4')).toEqual({ ok: false, refusal: 'too-many-connections' })
    expect(handshakeRefusalMessage('too-many-connections', LIMITS)).toBe(
      'Too many probe connections from this address (at most 3)',
    )
    guard.disconnected('198.51.100.4')
    expect(handshake(guard, '198.51.100.4')).toEqual({ ok: true })
  })

  it('counts IPv6 addresses by their /64 and IPv4-mapped ones as IPv4', () => {
    expect(addressKeyOf('2001:db8:1:2:aaaa::1')).toBe(addressKeyOf('2001:db8:1:2:bbbb::2'))
    expect(addressKeyOf('2001:db8:1:3::1')).not.toBe(addressKeyOf('2001:db8:1:2::1'))
    expect(addressKeyOf('::ffff:198.51.100.5')).toBe('198.51.100.5')
    expect(addressKeyOf('::FFFF:C633:6405')).toBe('198.51.100.5')
    expect(addressKeyOf('198.51.100.5')).toBe('198.51.100.5')
    const { guard } = guardAt()
    for (let i = 0; i < 5; i += 1) expect(handshake(guard, `2001:db8:1:2::${i + 1}`).ok).toBe(true)
    expect(handshake(guard, '2001:db8:1:2::99').ok).toBe(false)
    expect(handshake(guard, '2001:db8:1:3::1').ok).toBe(true)
  })

  it('shuns an address that goes on knocking while shut out, until its lockout has passed', () => {
    const { guard, clock } = guardAt()
    for (let i = 0; i < 3; i += 1) {
      guard.begin('198.51.100.6')
      guard.fail('198.51.100.6')
      guard.settle('198.51.100.6')
    }
    for (let i = 0; i < 3; i += 1) expect(guard.begin('198.51.100.6')).toEqual({ ok: false, refusal: 'locked-out' })
    expect(guard.shunned('198.51.100.6')).toBe(false)
    expect(guard.begin('198.51.100.6')).toEqual({ ok: false, refusal: 'locked-out' })
    expect(guard.shunned('198.51.100.6')).toBe(true)
    expect(guard.shunned('::ffff:198.51.100.6')).toBe(true)
    expect(guard.shunned('198.51.100.7')).toBe(false)
    clock.now += 600_000
    expect(guard.shunned('198.51.100.6')).toBe(false)
    expect(handshake(guard, '198.51.100.6')).toEqual({ ok: true })
  })

  it('does not shun a shut-out address that knocks slowly, as a probe retrying with its delays does', () => {
    const { guard, clock } = guardAt()
    for (let i = 0; i < 3; i += 1) {
      guard.begin('198.51.100.8')
      guard.fail('198.51.100.8')
      guard.settle('198.51.100.8')
    }
    for (let i = 0; i < 9; i += 1) {
      clock.now += 30_000
      expect(guard.begin('198.51.100.8')).toEqual({ ok: false, refusal: 'locked-out' })
    }
    expect(guard.shunned('198.51.100.8')).toBe(false)
  })
})
