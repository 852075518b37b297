import { describe, expect, it } from 'vitest'
import { createConcurrencyGate, type GateDecision } from './concurrency-gate.ts'

function release(decision: GateDecision) {
  if (!decision.admitted) throw new Error(`refused: ${decision.reason}`)
  decision.release()
}

describe('createConcurrencyGate()', () => {
  it('refuses a client over its cap while other clients still get in', () => {
    const gate = createConcurrencyGate({ overall: 10, perTool: 10, perClient: 2 })
    gate.enter('dns', 'a')
    gate.enter('ssl', 'a')
    expect(gate.enter('dns', 'a')).toEqual({ admitted: false, reason: 'client' })
    expect(gate.enter('dns', 'b').admitted).toBe(true)
  })

  it('refuses a tool over its cap while other tools still run', () => {
    const gate = createConcurrencyGate({ overall: 10, perTool: 1, perClient: 10 })
    gate.enter('traceroute', 'a')
    expect(gate.enter('traceroute', 'b')).toEqual({ admitted: false, reason: 'tool' })
    expect(gate.enter('dns', 'b').admitted).toBe(true)
  })

  it('refuses everything over the overall cap, and admits again once a run ends', () => {
    const gate = createConcurrencyGate({ overall: 2, perTool: 10, perClient: 10 })
    const first = gate.enter('dns', 'a')
    gate.enter('ssl', 'b')
    expect(gate.enter('whois', 'c')).toEqual({ admitted: false, reason: 'overall' })
    release(first)
    expect(gate.enter('whois', 'c').admitted).toBe(true)
  })

  it('frees a slot only once, however often a run reports its end', () => {
    const gate = createConcurrencyGate({ overall: 1, perTool: 1, perClient: 1 })
    const first = gate.enter('dns', 'a')
    release(first)
    release(first)
    gate.enter('dns', 'a')
    expect(gate.enter('dns', 'a').admitted).toBe(false)
  })
})
