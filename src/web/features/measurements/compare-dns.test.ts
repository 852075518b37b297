import { describe, expect, it } from 'vitest'
import { compareRows } from './comparison.ts'
import { dnsAnswer, probes, row } from './test-rows.ts'

const answered = (probe: keyof typeof probes, values: string[], ttl = 300) =>
  row({ probe: probes[probe], status: 'finished', result: dnsAnswer(values, ttl) })

describe('DNS answers by location', () => {
  const rows = [
    answered('frankfurt', ['198.51.100.20']),
    answered('paris', ['198.51.100.10'], 60),
    answered('here', ['198.51.100.20']),
  ]
  const [table] = compareRows('dns', rows, { type: 'A' })
  const cells = (index: number) => table?.columns.map((c) => c.text(rows[index], index))

  it('gives each location its answer, resolver, TTL, rcode and time, and marks the one that differs with a word', () => {
    expect(table?.caption).toBe('A answers by location')
    expect(cells(0)).toEqual(['Majority', '198.51.100.20', 'System resolver (127.0.0.1:53)', '300', 'NOERROR', '12 ms'])
    expect(cells(1)).toEqual(['Differs', '198.51.100.10', 'System resolver (127.0.0.1:53)', '60', 'NOERROR', '12 ms'])
    expect([...(table?.marks ?? new Map())]).toEqual([[1, 'Differs']])
  })

  it('names the resolver each location asked: its own, or the server chosen for the measurement', () => {
    const chosen = answered('paris', ['198.51.100.10'])
    const answer = chosen?.result as { result: { server: string; resolver: string } }
    answer.result = { ...answer.result, server: '198.51.100.53:5353', resolver: 'Custom server' }
    const [t] = compareRows('dns', [chosen], { type: 'A', server: '198.51.100.53:5353' })
    const resolver = t?.columns.find((column) => column.header === 'Resolver')
    expect(resolver?.text(chosen, 0)).toBe('Custom server (198.51.100.53:5353)')
    expect(resolver?.text(undefined, 0)).toBe('')
  })

  it('words the verdict in locations, naming who answered what', () => {
    expect(table?.verdict).toBe(
      '1 of 3 locations disagree with the majority (198.51.100.20, 2 locations): 198.51.100.10 from Paris, France',
    )
  })

  it('waits for every location before a verdict, and counts a lost probe as no answer', () => {
    const waiting = [rows[0], undefined, row({ probe: probes.paris, status: 'in-progress' })]
    expect(compareRows('dns', waiting, { type: 'A' })[0]?.verdict).toBe('Waiting for 2 of 3 locations…')
    const lost = [rows[0], rows[2], row({ probe: probes.paris, status: 'probe-lost', error: 'The probe disconnected' })]
    const [t] = compareRows('dns', lost, { type: 'A' })
    expect(t?.verdict).toBe('All 2 locations that answered agree: 198.51.100.20; 1 of 3 locations gave no answer')
    expect(t?.columns[0]?.text(lost[2], 2)).toBe('No answer')
  })

  it('shows the requested type before any answer, and a plain summary for traces and propagation checks', () => {
    expect(compareRows('dns', [undefined], { type: 'MX' })[0]?.caption).toBe('MX answers by location')
    expect(compareRows('dns', [undefined], { trace: true })[0]?.caption).toBe('Answers by location')
  })
})
