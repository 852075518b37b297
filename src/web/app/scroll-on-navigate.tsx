import { useLayoutEffect } from 'react'
import { useLocation } from 'react-router'
import { SCROLL_SETTLE_MS, scrollToTop } from '../lib/scroll.ts'

/**
 * Scrolls to the top on every route change, at once and again after the settle delay. A layout
 * effect, so a page's own delayed scroll (registered later, in a passive effect) runs after it.
 */
export function ScrollOnNavigate() {
  const { pathname, search } = useLocation()
  useLayoutEffect(() => {
    scrollToTop()
    const timer = window.setTimeout(scrollToTop, SCROLL_SETTLE_MS)
    return () => window.clearTimeout(timer)
  }, [pathname, search])
  return null
}
