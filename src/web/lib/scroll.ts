// Scrolling helpers shared by the pages (the product's 100 ms settle delay).
export const SCROLL_SETTLE_MS = 100
export const BACK_TO_TOP_THRESHOLD_PX = 300

export function scrollToTop(): void {
  window.scrollTo({ top: 0, left: 0, behavior: 'instant' })
}

/** Scrolls an element into view after the settle delay; returns a cancel function. */
export function scrollIntoViewSoon(getElement: () => HTMLElement | null): () => void {
  const timer = window.setTimeout(() => {
    getElement()?.scrollIntoView({ behavior: 'smooth', block: 'start' })
  }, SCROLL_SETTLE_MS)
  return () => window.clearTimeout(timer)
}

export function isPastBackToTopThreshold(scrollY: number): boolean {
  return scrollY > BACK_TO_TOP_THRESHOLD_PX
}
