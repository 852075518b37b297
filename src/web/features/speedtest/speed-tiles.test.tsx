import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { reportFixture } from './engine/report-fixture.ts'
import { SpeedTiles } from './speed-tiles.tsx'
import { applyUpdate, finishView, startView } from './speed-view.ts'

const textOf = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()

describe('SpeedTiles', () => {
  it('shows measured values with their units and dashes for what is not measured yet', () => {
    const view = applyUpdate(startView(), { phase: 'download', progress: 25, ping: 12.3, jitter: 0.8 })
    const text = textOf(renderToStaticMarkup(<SpeedTiles view={view} />))
    expect(text).toBe('Download – Upload – Ping 12.3 ms Jitter 0.8 ms')
  })

  it('shows the live rate in the tile of the running phase', () => {
    const view = applyUpdate(startView(), { phase: 'download', liveMbps: 47.25 })
    expect(textOf(renderToStaticMarkup(<SpeedTiles view={view} />))).toContain('Download 47.3 Mbps')
  })

  it('shows a failed measurement as failed with its reason, never as a number', () => {
    const view = applyUpdate(startView(), { phase: 'upload', progress: 70, ping: null, jitter: null, download: null })
    const text = textOf(renderToStaticMarkup(<SpeedTiles view={view} />))
    expect(text).toContain('Download Failed All download tests failed')
    expect(text).toContain('Ping Failed Latency measurement failed')
  })

  it('shows a direction cut short as incomplete, with the reason in words beside its rate', () => {
    const report = reportFixture({
      upload: 41.5,
      incomplete: { upload: 'Too much speed-test traffic from your address. Try again in 30 s.' },
    })
    const text = textOf(renderToStaticMarkup(<SpeedTiles view={finishView(startView(), report)} />))
    expect(text).toContain(
      'Upload 41.5 Mbps Incomplete: Too much speed-test traffic from your address. Try again in 30 s.',
    )
    expect(text).not.toContain('Download 95.2 Mbps Incomplete')
  })
})
