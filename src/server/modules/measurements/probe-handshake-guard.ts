// Per-address limits at the probes' door, applied before a WebSocket upgrade is let through (see
// docs/probes.md, "Security model"): handshakes an address may start per minute, handshakes of one
// address being checked at once, probe connections it holds, and failed handshakes (no token, a bad
// one) after which it is shut out for a while. IPv6 addresses count by their /64, which one host
// usually holds whole. A refusal costs the site no token check. An address that goes on knocking at
// a high rate while it is shut out is a flood: it is then `shunned`, and the probe door closes its
// connections as they arrive (probe-door.ts), until its lockout is over.
import { isIPv4 } from 'node:net'
import ipaddr from 'ipaddr.js'

export interface HandshakeLimits {
  /** Handshakes one address may start per minute, accepted or not. */
  attemptsPerMinute: number
  /** Handshakes of one address being checked (or held back after a failure) at once. */
  pendingPerAddress: number
  /** Probe connections one address may hold (several probes behind one NAT share it). */
  connectionsPerAddress: number
  /** Failed handshakes after which the address is refused outright... */
  failuresBeforeLockout: number
  /** ...until this long after its last failure. */
  lockoutMs: number
  /** A failed handshake is answered this late, so guessing tokens is slow. */
  failureDelayMs: number
  /** Refusals in one minute of a shut-out address that make it shunned until its lockout ends. */
  floodRefusalsPerMinute: number
}

export const DEFAULT_HANDSHAKE_LIMITS: HandshakeLimits = {
  attemptsPerMinute: 30,
  pendingPerAddress: 4,
  connectionsPerAddress: 10,
  failuresBeforeLockout: 5,
  lockoutMs: 10 * 60_000,
  failureDelayMs: 1000,
  floodRefusalsPerMinute: 300,
}

/** Why the limits refused a handshake, before any token check. */
export type HandshakeRefusal = 'locked-out' | 'too-frequent' | 'too-many-pending' | 'too-many-connections'

export type HandshakeVerdict = { ok: true } | { ok: false; refusal: HandshakeRefusal }

/** The words a refused peer reads, for each refusal. */
export function handshakeRefusalMessage(refusal: HandshakeRefusal, limits: HandshakeLimits): string {
  switch (refusal) {
    case 'locked-out':
      return 'Too many failed probe handshakes from this address: try again later'
    case 'too-frequent':
      return 'Too many probe handshakes from this address: try again in a minute'
    case 'too-many-pending':
      return 'Too many probe handshakes at once from this address'
    case 'too-many-connections':
      return `Too many probe connections from this address (at most ${limits.connectionsPerAddress})`
  }
}

// The verdicts are shared objects: a refusal allocates nothing.
const ACCEPTED: HandshakeVerdict = { ok: true }
const REFUSED = {
  'locked-out': { ok: false, refusal: 'locked-out' },
  'too-frequent': { ok: false, refusal: 'too-frequent' },
  'too-many-pending': { ok: false, refusal: 'too-many-pending' },
  'too-many-connections': { ok: false, refusal: 'too-many-connections' },
} as const satisfies Record<HandshakeRefusal, HandshakeVerdict>

export interface HandshakeGuard {
  /** A handshake starts: refused at once, or counted as pending until `settle`. */
  begin(address: string): HandshakeVerdict
  /** The handshake failed (no token, a bad token): counts towards the lockout. */
  fail(address: string): void
  /** The handshake is answered (either way): no longer pending. */
  settle(address: string): void
  connected(address: string): void
  disconnected(address: string): void
  /** Whether the address is flooding while shut out: its connections are closed as they arrive. */
  shunned(address: string): boolean
}

interface AddressState {
  windowStart: number
  attempts: number
  pending: number
  connections: number
  failures: number
  lastFailureAt: number
  /** Refusals while shut out, in the current minute. */
  lockedOutRefusals: number
  shunned: boolean
}

const MINUTE_MS = 60_000
/** Addresses tracked at most: beyond it, the quiet ones are forgotten first. */
const MAX_TRACKED = 50_000

/** The key an address counts under: itself for IPv4, its /64 for IPv6. */
export function addressKeyOf(address: string): string {
  // The common spellings first, without parsing: a socket's IPv4 address, plain or IPv4-mapped.
  if (isIPv4(address)) return address
  if (address.startsWith('::ffff:') && isIPv4(address.slice(7))) return address.slice(7)
  if (!ipaddr.isValid(address)) return address
  const parsed = ipaddr.process(address)
  if (parsed.kind() === 'ipv4') return parsed.toString()
  const parts = (parsed as ipaddr.IPv6).parts.slice(0, 4)
  return `${parts.map((part) => part.toString(16)).join(':')}::/64`
}

export function createHandshakeGuard(limits: HandshakeLimits, now: () => number = Date.now): HandshakeGuard {
  const states = new Map<string, AddressState>()
  let lastSweep = now()

  const idle = (state: AddressState, at: number) =>
    state.pending === 0 &&
    state.connections === 0 &&
    at - state.windowStart >= MINUTE_MS &&
    at - state.lastFailureAt >= limits.lockoutMs
  const sweep = (at: number) => {
    if (at - lastSweep < MINUTE_MS && states.size < MAX_TRACKED) return
    lastSweep = at
    for (const [key, state] of states) if (idle(state, at)) states.delete(key)
  }
  const stateOf = (address: string): AddressState => {
    const key = addressKeyOf(address)
    let state = states.get(key)
    if (!state) {
      state = {
        windowStart: now(),
        attempts: 0,
        pending: 0,
        connections: 0,
        failures: 0,
        lastFailureAt: 0,
        lockedOutRefusals: 0,
        shunned: false,
      }
      states.set(key, state)
    }
    return state
  }
  const existing = (address: string) => states.get(addressKeyOf(address))

  return {
    begin(address) {
      const at = now()
      sweep(at)
      const state = stateOf(address)
      if (at - state.windowStart >= MINUTE_MS) {
        state.windowStart = at
        state.attempts = 0
        state.lockedOutRefusals = 0
      }
      if (at - state.lastFailureAt >= limits.lockoutMs) {
        state.failures = 0
        state.shunned = false
      }
      if (state.failures >= limits.failuresBeforeLockout) {
        state.lockedOutRefusals += 1
        if (state.lockedOutRefusals >= limits.floodRefusalsPerMinute) state.shunned = true
        return REFUSED['locked-out']
      }
      if (state.attempts >= limits.attemptsPerMinute) return REFUSED['too-frequent']
      if (state.pending >= limits.pendingPerAddress) return REFUSED['too-many-pending']
      if (state.connections + state.pending >= limits.connectionsPerAddress) return REFUSED['too-many-connections']
      state.attempts += 1
      state.pending += 1
      return ACCEPTED
    },
    fail(address) {
      const state = stateOf(address)
      state.failures += 1
      state.lastFailureAt = now()
    },
    settle(address) {
      const state = existing(address)
      if (state) state.pending = Math.max(0, state.pending - 1)
    },
    connected(address) {
      stateOf(address).connections += 1
    },
    disconnected(address) {
      const state = existing(address)
      if (state) state.connections = Math.max(0, state.connections - 1)
    },
    shunned(address) {
      if (states.size === 0) return false
      const state = existing(address)
      if (!state?.shunned) return false
      if (now() - state.lastFailureAt < limits.lockoutMs) return true
      state.shunned = false
      return false
    },
  }
}
