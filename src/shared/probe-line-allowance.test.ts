import { describe, expect, it } from 'vitest'
import { createLineAllowance, PROBE_LINE_CAPS } from './probe-protocol.ts'

describe('createLineAllowance()', () => {
  it(`lets a burst of ${PROBE_LINE_CAPS.burst} lines through, then ${PROBE_LINE_CAPS.perSecond} a second`, () => {
    let now = 0
    const allow = createLineAllowance(() => now)
    const allowed = (count: number) => Array.from({ length: count }, () => allow()).filter(Boolean).length
    expect(allowed(PROBE_LINE_CAPS.burst + 20)).toBe(PROBE_LINE_CAPS.burst)
    now += 100
    expect(allowed(20)).toBe(PROBE_LINE_CAPS.perSecond / 10)
    // A quiet connection saves up no more than one burst.
    now += 60_000
    expect(allowed(PROBE_LINE_CAPS.burst * 2)).toBe(PROBE_LINE_CAPS.burst)
  })
})
