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

  it('shows the thresholds of each use in a disclosure: per input the value, its rating and every bound', () => {
    const html = renderToStaticMarkup(<QualityScores result={scoredResult()} />)
    expect(html.match(/<details>/g)).toHaveLength(3)
    expect(html).toContain('aria-label="Gaming: the bound of each rating, per input"')
    const text = textOf(html)
    expect(text).toContain('Thresholds for gaming')
    expect(text).toContain(
      'Download : yours 95.2 Mbps (Great) Great from 50 Mbps · Good from 25 · Average from 10 · Poor from 3 · Bad under 3',
    )
    expect(text).toContain(
      'Latency increase under load : yours 45.0 ms (Average) Great under 10 ms · Good under 20 · Average under 50 · Poor under 100 · Bad from 100',
    )
    expect(text).toContain(
      'Packet loss : not measured Great under 0.5 % · Good under 1 · Average under 2 · Poor under 5 · Bad from 5',
    )
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
