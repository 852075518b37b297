import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { describeChart, tickAnchor, ValueChart } from './value-chart.tsx'

const ms = (value: number) => `${value} ms`
const at = (minute: number) => new Date(2030, 0, 1, 12, minute)
const points = [
  { at: at(0), value: 21 },
  { at: at(5), value: null },
  { at: at(10), value: 48 },
  { at: at(15), value: 30 },
]

describe('describeChart()', () => {
  it('says how many checks, when, the lowest, highest and latest value and what measured nothing', () => {
    expect(describeChart('Latency', points, ms)).toBe(
      'Latency: 4 checks from Jan 1, 12:00 to Jan 1, 12:15. Lowest 21 ms, highest 48 ms, latest 30 ms. 1 check measured nothing.',
    )
  })

  it('says so when there are no checks, or none measured a value', () => {
    expect(describeChart('Latency', [], ms)).toBe('Latency: no checks in this period.')
    expect(describeChart('Latency', [{ at: at(0), value: null }], ms)).toBe(
      'Latency: 1 check from Jan 1, 12:00 to Jan 1, 12:00; none measured a value.',
    )
  })
})

describe('ValueChart', () => {
  const html = renderToStaticMarkup(
    <ValueChart title="Latency" points={points} formatValue={ms} missingText="host did not answer" />,
  )

  it('is an image named by its title and described in words', () => {
    expect(html).toMatch(/<svg[^>]*role="img"[^>]*aria-labelledby="[^"]+-title [^"]+-desc"/)
    expect(html).toContain('>Latency</title>')
    expect(html).toContain('Lowest 21 ms, highest 48 ms, latest 30 ms.')
  })

  it('offers the same checks as a table, newest first, with the reason for a missing value', () => {
    expect(html).toContain('<summary')
    expect(html).toContain('Show as table')
    expect(html).toContain('<caption class="sr-only">Latency</caption>')
    const rows = [...html.matchAll(/<th scope="row"[^>]*>([^<]+)<\/th><td[^>]*>([^<]+)<\/td>/g)].map((m) => [
      m[1],
      m[2],
    ])
    expect(rows).toEqual([
      ['Jan 1, 2030 12:15', '30 ms'],
      ['Jan 1, 2030 12:10', '48 ms'],
      ['Jan 1, 2030 12:05', 'host did not answer'],
      ['Jan 1, 2030 12:00', '21 ms'],
    ])
  })

  it('adds the checks’ verdicts as a column when asked', () => {
    const noted = renderToStaticMarkup(
      <ValueChart
        title="Latency"
        points={[{ at: at(0), value: 21, note: 'OK' }]}
        formatValue={ms}
        noteHeader="Result"
      />,
    )
    expect(noted).toContain('<th scope="col" class="py-1 pr-4 last:pr-0 font-medium">Result</th>')
    expect(noted).toMatch(/<th scope="row"[^>]*>Jan 1, 2030 12:00<\/th><td[^>]*>21 ms<\/td><td[^>]*>OK<\/td>/)
    expect(html).not.toContain('>Result</th>')
  })

  it('explains the mark of a check that measured nothing in words', () => {
    expect(html).toContain('A check that measured nothing (host did not answer).')
  })

  it('shows a sentence instead of an empty drawing when there are no checks', () => {
    const empty = renderToStaticMarkup(<ValueChart title="Latency" points={[]} formatValue={ms} />)
    expect(empty).not.toContain('<svg')
    expect(empty).toContain('Latency: no checks in this period.')
  })
})

describe('tickAnchor()', () => {
  it('centres a time label under its tick unless it would cross an edge of the drawing', () => {
    expect(tickAnchor(320, '10:45', 640)).toBe('middle')
    expect(tickAnchor(628, '10:45:12', 640)).toBe('end')
    expect(tickAnchor(8, '10:45:12', 640)).toBe('start')
  })
})
