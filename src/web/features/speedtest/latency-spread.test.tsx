import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { reportFixture } from './engine/report-fixture.ts'
import { LatencySpreadTable } from './latency-spread.tsx'

const textOf = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()

const spread = { min: 9.5, p25: 10, median: 10.5, p75: 11.25, p90: 14, max: 30, samples: 20 }

describe('LatencySpreadTable', () => {
  it('shows min, p25, median, p75 and p90 per phase in a labelled table, dashes where a phase has no samples', () => {
    const { result } = reportFixture({
      percentiles: { idle: spread, download: { ...spread, median: 120 }, upload: null },
      latencyRequests: { idle: { sent: 20, failed: 0, timedOut: 0 }, download: null, upload: null },
    })
    const html = renderToStaticMarkup(<LatencySpreadTable result={result} />)
    expect(html).toContain('aria-labelledby="latency-spread"')
    expect(html).toContain('<caption class="sr-only">Latency spread in milliseconds, by phase</caption>')
    const text = textOf(html)
    expect(text).toContain('Phase Min p25 Median p75 p90')
    expect(text).toContain('Idle 9.5 10.0 10.5 11.3 14.0')
    expect(text).toContain('Download 9.5 10.0 120 11.3 14.0')
    expect(text).toContain('Upload – – – – –')
    expect(text).toContain(
      'Latency requests that failed: Idle: 0 of 20 failed; Download: none sent; Upload: none sent.',
    )
    expect(html).not.toContain('text-danger')
  })

  it('marks failed and timed-out latency requests, and says they are not lost packets', () => {
    const { result } = reportFixture({
      percentiles: { idle: spread, download: null, upload: null },
      latencyRequests: { idle: { sent: 20, failed: 1, timedOut: 2 }, download: null, upload: null },
    })
    const html = renderToStaticMarkup(<LatencySpreadTable result={result} />)
    expect(textOf(html)).toContain('Idle: 1 of 20 failed, 2 timed out;')
    expect(textOf(html)).toContain('A failed request is not a lost packet.')
    expect(html).toContain('text-danger')
  })

  it('shows nothing for a result saved before the spread was measured', () => {
    expect(renderToStaticMarkup(<LatencySpreadTable result={reportFixture().result} />)).toBe('')
  })
})
