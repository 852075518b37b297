// Charts are SVG drawings whose text must stay inside the drawing: an SVG clips what falls outside
// it, so a label that does not fit loses characters ("0.050 ms" read as "050 ms").
import type { Page } from 'playwright-core'

/** The chart labels on the page that stick out of their chart, as "label: how far" lines; [] when none. */
export function clippedChartLabels(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const clipped: string[] = []
    for (const svg of Array.from(document.querySelectorAll('main svg[role="img"]'))) {
      const box = svg.getBoundingClientRect()
      if (box.width === 0 || box.height === 0) continue
      for (const text of Array.from(svg.querySelectorAll('text'))) {
        const label = text.getBoundingClientRect()
        if (label.width === 0) continue
        const outside = Math.max(
          box.left - label.left,
          label.right - box.right,
          box.top - label.top,
          label.bottom - box.bottom,
        )
        if (outside > 0.5) clipped.push(`${text.textContent?.trim()}: ${outside.toFixed(1)} px outside its chart`)
      }
    }
    return clipped
  })
}
