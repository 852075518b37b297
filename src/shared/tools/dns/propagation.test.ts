import { describe, expect, it } from 'vitest'
import {
  compareSoaSerials,
  type PropagationServer,
  propagationLines,
  serialGreater,
  soaSerialLines,
  summarisePropagation,
} from './propagation.ts'

const answered = (name: string, answers: string[], rcode = 'NOERROR'): PropagationServer => ({
  role: 'resolver',
  name,
  server: `${name}:53`,
  state: 'answered',
  rcode,
  answers,
  ttl: 60,
  queryTimeMs: 2,
})
const silent = (name: string): PropagationServer => ({
  role: 'authoritative',
  name,
  server: `${name}:53`,
  state: 'no-answer',
  answers: [],
  error: 'answered SERVFAIL',
})

describe('summarisePropagation()', () => {
  it('names no majority on a tie and marks nobody as differing', () => {
    const p = summarisePropagation('A', [answered('a', ['198.51.100.1']), answered('b', ['198.51.100.2'])])
    expect(p.verdict).toBe('No majority among the 2 servers that answered: 198.51.100.1 from a; 198.51.100.2 from b')
    expect(p.groups.map((g) => g.majority)).toEqual([false, false])
    expect(p.servers.map((s) => s.agrees)).toEqual([undefined, undefined])
  })

  it('groups answer sets whatever their order and case, and tells NODATA from NXDOMAIN', () => {
    const p = summarisePropagation('MX', [
      answered('a', ['10 mx.example.test.', '20 MX2.example.test.'].sort()),
      answered('b', ['10 mx.example.test.', '20 mx2.example.test.']),
      answered('c', []),
      answered('d', [], 'NXDOMAIN'),
    ])
    expect(p.groups.map((g) => [g.answer, g.servers])).toEqual([
      ['10 mx.example.test., 20 MX2.example.test.', ['a', 'b']],
      ['No MX records', ['c']],
      ['NXDOMAIN (no such name)', ['d']],
    ])
    expect(p.verdict).toBe(
      '2 of 4 servers disagree with the majority (10 mx.example.test., 20 MX2.example.test., 2 servers): ' +
        'No MX records from c; NXDOMAIN (no such name) from d',
    )
  })

  it('counts servers without an answer apart, and says so when none answered', () => {
    const p = summarisePropagation('A', [silent('ns1'), silent('ns2')])
    expect({ asked: p.asked, answered: p.answered, noAnswer: p.noAnswer }).toEqual({
      asked: 2,
      answered: 0,
      noAnswer: 2,
    })
    expect(p.verdict).toBe('None of the 2 servers answered')
    expect(propagationLines('x.test', p)).toContain('AUTH\tns1\tns1:53\tno answer: answered SERVFAIL')
  })
})

describe('compareSoaSerials()', () => {
  it('flags servers behind the highest serial with the difference, and says whose failure a silent one is', () => {
    const soa = compareSoaSerials('example.', [
      { name: 'ns1', server: '127.0.0.1:53', serial: 2026112502 },
      { name: 'ns2', server: '127.0.0.2:53', serial: 2026112401 },
      { name: 'ns3', server: '127.0.0.3:53', error: 'no answer within 3000 ms', failureSource: 'target' },
      { name: 'ns4', server: '127.0.0.4:53', error: '127.0.0.4 is not allowed: loopback', failureSource: 'policy' },
    ])
    expect(soa.highest).toBe(2026112502)
    expect(soa.servers.map((s) => [s.name, s.state, s.behindBy])).toEqual([
      ['ns1', 'current', undefined],
      ['ns2', 'behind', 101],
      ['ns3', 'no-answer', undefined],
      ['ns4', 'no-answer', undefined],
    ])
    expect(soa.verdict).toBe(
      '1 of 2 authoritative servers is behind the highest serial 2026112502: ns2 (2026112401, 101 behind); ' +
        'no serial from ns3 (no answer within 3000 ms), ns4 (127.0.0.4 is not allowed: loopback)',
    )
    expect(soaSerialLines(soa)).toEqual([
      'SOA \tns1\t127.0.0.1:53\t2026112502',
      'SOA \tns2\t127.0.0.2:53\t2026112401\t[behind by 101]',
      'SOA \tns3\t127.0.0.3:53\tno serial: no answer within 3000 ms (target)',
      'SOA \tns4\t127.0.0.4:53\tno serial: 127.0.0.4 is not allowed: loopback (policy)',
    ])
  })

  it('compares serials with RFC 1982 arithmetic across the wrap at 2^32', () => {
    expect(serialGreater(5, 4294967290)).toBe(true)
    expect(serialGreater(4294967290, 5)).toBe(false)
    const soa = compareSoaSerials('example.', [
      { name: 'old', server: 'a', serial: 4294967290 },
      { name: 'new', server: 'b', serial: 5 },
    ])
    expect(soa.highest).toBe(5)
    expect(soa.servers.map((s) => s.behindBy)).toEqual([11, undefined])
  })

  it('agrees when every server gives the same serial, and says so when none gave one', () => {
    expect(
      compareSoaSerials('example.', [
        { name: 'a', server: 'a', serial: 7 },
        { name: 'b', server: 'b', serial: 7 },
      ]).verdict,
    ).toBe('All 2 authoritative servers that answered serve serial 7')
    expect(
      compareSoaSerials('example.', [{ name: 'a', server: 'a', error: 'answered REFUSED', failureSource: 'target' }])
        .verdict,
    ).toBe('None of the 1 authoritative server gave the SOA of example.')
  })
})
