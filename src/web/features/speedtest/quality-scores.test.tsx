import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { packetLossFor } from './engine/packet-loss.ts'
import { scoreQuality } from './engine/quality-scores.ts'
import { reportFixture } from './engine/report-fixture.ts'
import { QualityScores } from './quality-scores.tsx'

const textOf = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()

/** 95.2 / 20.4 Mbps, 9.5 ms idle, jitter 1.2 ms, 45 ms more under load, loss not measured. */
function scoredResult(fields: Parameters<typeof reportFixture>[0] = {}) {
  const { result } = reportFixture({
    bufferbloat: { grade: 'B', addedMs: 45, scale: '' },
    packetLoss: packetLossFor('ours'),
    ...fields,
  })
  return { ...result, quality: scoreQuality(result) }
}

describe('QualityScores', () => {
  it('shows each use with its rating, what set it and what was not judged, under a labelled heading', () => {
    const html = renderToStaticMarkup(<QualityScores result={scoredResult()} />)
    expect(html).toContain('aria-labelledby="quality-ratings"')
    const text = textOf(html)
    expect(text).toContain('Streaming: Great')
    expect(text).toContain('Gaming: Average Set by: latency increase under load.')
    expect(text).toContain('Video calls: Good Set by: latency increase under load.')
    expect(text.match(/Not judged: packet loss — not measured: browsers can only measure it over UDP/g)).toHaveLength(3)
    expect(text).not.toMatch(/\b0(\.0)?\s*%/)
  })

  it('shows the thresholds of each use in a disclosure, with the measured value and its rating per input', () => {
    const html = renderToStaticMarkup(<QualityScores result={scoredResult()} />)
    expect(html.match(/<details>/g)).toHaveLength(3)
    const text = textOf(html)
    expect(text).toContain('Thresholds for gaming')
    expect(text).toContain('Gaming: the bound each input must meet for each rating; beyond Poor it is Bad')
    expect(text).toContain('Input Yours Great Good Average Poor')
    expect(text).toContain('Download (Mbps, at least) 95.2 Great 50 25 10 3')
    expect(text).toContain('Latency increase under load (ms, below) 45.0 Average 10 20 50 100')
    expect(text).toContain('Packet loss (%, below) not measured 0.5 1 2 5')
  })

  it('marks a Bad or Poor rating, and says when nothing a use depends on was measured', () => {
    const result = scoredResult({
      download: null,
      upload: null,
      ping: null,
      jitter: null,
      bufferbloat: null,
      errors: { latency: 'Latency measurement failed' },
    })
    const text = textOf(renderToStaticMarkup(<QualityScores result={result} />))
    expect(text).toContain('Gaming: Not rated Nothing this rating depends on was measured.')
    expect(text).toContain('Not judged: idle latency — the idle latency could not be measured.')
    const slow = renderToStaticMarkup(<QualityScores result={scoredResult({ download: 2 })} />)
    expect(textOf(slow)).toContain('Streaming: Bad Set by: download.')
    expect(slow).toContain('<span class="text-danger">Bad</span>')
  })

  it('shows nothing for a result saved before the ratings existed', () => {
    expect(renderToStaticMarkup(<QualityScores result={reportFixture().result} />)).toBe('')
  })
})
