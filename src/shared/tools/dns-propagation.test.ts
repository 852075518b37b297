import { describe, expect, it } from 'vitest'
import { type PropagationServer, propagationLines, summarisePropagation } from './dns-propagation.ts'

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
