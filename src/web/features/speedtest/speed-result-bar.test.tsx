import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { directionFixture } from './engine/report-fixture.ts'
import type { SpeedTestReport } from './engine/run-speed-test.ts'
import { SpeedResultBar } from './speed-result-bar.tsx'
import { applyUpdate, finishView, idleView, startView, stopView } from './speed-view.ts'

const report: SpeedTestReport = {
  result: { download: 50, upload: 20, ping: 10, jitter: 1, serverLocation: 'Lab', server: 'ours', errors: {} },
  latency: null,
  download: directionFixture('download', 50),
  upload: directionFixture('upload', 20),
}

const textOf = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
const render = (view: Parameters<typeof SpeedResultBar>[0]['view']) =>
  renderToStaticMarkup(<SpeedResultBar view={view} tool="speedtest" />)

describe('SpeedResultBar', () => {
  it('takes no room before a test starts', () => {
    expect(render(idleView)).toBe('')
  })

  it('keeps its fixed-height row while running, with the server but no actions yet', () => {
    const running = applyUpdate(startView(), { phase: 'latency', serverLocation: 'Lab' })
    const html = render(running)
    expect(html).toContain('h-8')
    expect(textOf(html)).toBe('Server: Lab')
    expect(textOf(render(startView()))).toBe('')
    expect(render(startView())).toContain('h-8')
  })

  it('offers copy and download once the test is done, in the same row', () => {
    const done = finishView(applyUpdate(startView(), { phase: 'latency', serverLocation: 'Lab' }), report)
    expect(textOf(render(done))).toBe('Server: Lab Copy Download JSON')
  })

  it('offers no actions for a cancelled test, which has no result', () => {
    const cancelled = stopView(applyUpdate(startView(), { phase: 'download', serverLocation: 'Lab' }), 'cancelled', 'x')
    expect(textOf(render(cancelled))).toBe('Server: Lab')
  })
})
