import { readdirSync, readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { icmpUnavailable, parsePing, parsePingLine } from './parse.ts'

const dir = new URL('./fixtures/', import.meta.url)
const files = readdirSync(dir)
const cases = files.filter((f) => f.endsWith('.txt')).map((f) => f.slice(0, -4))

describe('parsePing() over captured ping output', () => {
  it('has a .json beside every .txt and a .txt beside every .json', () => {
    const jsons = files.filter((f) => f.endsWith('.json')).map((f) => f.slice(0, -5))
    expect(jsons.sort()).toEqual([...cases].sort())
    expect(cases.length).toBeGreaterThanOrEqual(6)
  })

  it.each(cases)('parses %s', (name) => {
    const text = readFileSync(new URL(`${name}.txt`, dir), 'utf8')
    const expected = JSON.parse(readFileSync(new URL(`${name}.json`, dir), 'utf8'))
    expect(parsePing(text)).toEqual(expected)
  })
})

describe('parsePing() semantics', () => {
  it('reports 100% loss and a timeout for every probe when no reply arrives', () => {
    const parsed = read('ipv4-total-loss')
    expect(parsed.summary?.lossPercent).toBe(100)
    expect(parsed.replies.map((r) => r.status)).toEqual(['timeout', 'timeout', 'timeout', 'timeout'])
    expect(parsed.summary?.avgMs).toBeNull()
  })

  it('keeps a late reply for a probe first reported as "no answer yet"', () => {
    const parsed = read('ipv4-partial-loss')
    expect(parsed.replies.find((r) => r.seq === 3)).toMatchObject({ status: 'reply', timeMs: 1879 })
    expect(parsed.replies.filter((r) => r.status === 'timeout').map((r) => r.seq)).toEqual([4, 6])
  })

  it('reads ICMP errors with their sender', () => {
    expect(read('ipv4-host-unreachable').replies[0]).toEqual({
      seq: 1,
      status: 'error',
      from: '198.51.100.10',
      detail: 'Destination Host Unreachable',
    })
  })
})

describe('parsePingLine()', () => {
  it('flags a duplicate reply', () => {
    expect(parsePingLine('64 bytes from 203.0.113.10: icmp_seq=2 ttl=64 time=0.214 ms (DUP!)')).toEqual({
      kind: 'reply',
      reply: { seq: 2, status: 'reply', from: '203.0.113.10', bytes: 64, ttl: 64, timeMs: 0.214, duplicate: true },
    })
  })

  it('reads the IPv6 header', () => {
    expect(parsePingLine('PING 2001:db8:c::10(2001:db8:c::10) 56 data bytes')).toEqual({
      kind: 'header',
      host: '2001:db8:c::10',
      address: '2001:db8:c::10',
      payloadBytes: 56,
    })
  })

  it('ignores lines it does not know', () => {
    expect(parsePingLine('pipe 4')).toBeNull()
    expect(parsePingLine('')).toBeNull()
  })
})

describe('icmpUnavailable()', () => {
  it('is true when ping cannot open an ICMP socket', () => {
    expect(icmpUnavailable(parsePing('ping: socktype: SOCK_RAW\nping: socket: Operation not permitted\n'))).toBe(true)
  })

  it('is false for a target that cannot be reached', () => {
    expect(icmpUnavailable(read('network-unreachable'))).toBe(false)
  })
})

function read(name: string) {
  return parsePing(readFileSync(new URL(`${name}.txt`, dir), 'utf8'))
}
