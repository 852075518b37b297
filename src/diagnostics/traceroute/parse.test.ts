import { readdirSync, readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { createMtrTrace, parseMtr, parseMtrLine } from './parse.ts'

const dir = new URL('./fixtures/', import.meta.url)
const files = readdirSync(dir)
const cases = files.filter((f) => f.endsWith('.txt')).map((f) => f.slice(0, -4))
const load = (name: string) => ({
  text: readFileSync(new URL(`${name}.txt`, dir), 'utf8'),
  ...(JSON.parse(readFileSync(new URL(`${name}.json`, dir), 'utf8')) as { target: string; expected: unknown }),
})

describe('parseMtr() over captured mtr --raw output', () => {
  it('has a .json beside every .txt and a .txt beside every .json', () => {
    const jsons = files.filter((f) => f.endsWith('.json')).map((f) => f.slice(0, -5))
    expect(jsons.sort()).toEqual([...cases].sort())
    expect(cases.length).toBeGreaterThanOrEqual(5)
  })

  it.each(cases)('parses %s', (name) => {
    const { text, target, expected } = load(name)
    expect(parseMtr(text, target)).toEqual(expected)
  })
})

describe('parseMtr() semantics', () => {
  it('lists the two routers, then the target, and drops the probe sent one hop past it', () => {
    const { text, target } = load('ipv4-reached')
    const trace = parseMtr(text, target)
    expect(trace.hops.map((h) => h.address)).toEqual(['198.51.100.1', '198.51.100.66', '203.0.113.10'])
    expect(trace.reached).toBe(true)
  })

  it('keeps one silent hop after the last that answered when the target is never reached', () => {
    const { text, target } = load('ipv4-unreached')
    const trace = parseMtr(text, target)
    expect(trace.hops.map((h) => [h.hop, h.address, h.lossPercent])).toEqual([
      [1, '198.51.100.1', 0],
      [2, null, 100],
    ])
    expect(trace.reached).toBe(false)
  })

  it('keeps silent hops before a target that answered', () => {
    const { text, target } = load('ipv4-silent-hops')
    expect(parseMtr(text, target).hops.map((h) => h.address)).toEqual([null, null, '203.0.113.10'])
  })

  it('reports the statistics mtr reports: last, average, best, worst and sample deviation', () => {
    const { text, target } = load('ipv4-reached')
    expect(parseMtr(text, target).hops[0]).toMatchObject({
      sent: 3,
      received: 3,
      lastMs: 0.068,
      avgMs: 0.076,
      bestMs: 0.068,
      worstMs: 0.089,
      stdevMs: 0.011,
    })
  })
})

describe('parseMtrLine()', () => {
  it('numbers hops from 1', () => {
    expect(parseMtrLine('h 0 198.51.100.1')).toEqual({ kind: 'host', hop: 1, address: '198.51.100.1' })
    expect(parseMtrLine('p 2 74 33002')).toEqual({ kind: 'reply', hop: 3, usec: 74 })
    expect(parseMtrLine('x 1 33001')).toEqual({ kind: 'sent', hop: 2 })
  })

  it('ignores reverse names and anything unknown', () => {
    expect(parseMtrLine('d 0 r1.lab.test')).toBeNull()
    expect(parseMtrLine('mtr: udp socket connect failed: Network is unreachable')).toBeNull()
  })
})

describe('createMtrTrace().push()', () => {
  it('returns the changed hop for a new address or reply, nothing for a sent probe or a repeat', () => {
    const trace = createMtrTrace('203.0.113.10')
    expect(trace.push({ kind: 'sent', hop: 1 })).toBeNull()
    expect(trace.push({ kind: 'host', hop: 1, address: '198.51.100.1' })).toMatchObject({
      hop: 1,
      address: '198.51.100.1',
      received: 0,
    })
    expect(trace.push({ kind: 'host', hop: 1, address: '198.51.100.1' })).toBeNull()
    expect(trace.push({ kind: 'reply', hop: 1, usec: 1500 })).toMatchObject({ hop: 1, received: 1, lastMs: 1.5 })
  })

  it('reports nothing past the target', () => {
    const trace = createMtrTrace('203.0.113.10')
    trace.push({ kind: 'host', hop: 3, address: '203.0.113.10' })
    expect(trace.push({ kind: 'host', hop: 4, address: '203.0.113.10' })).toBeNull()
    expect(trace.push({ kind: 'reply', hop: 4, usec: 90 })).toBeNull()
  })
})
