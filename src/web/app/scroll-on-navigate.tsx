import { useLayoutEffect, useRef } from 'react'
import { useLocation } from 'react-router'
import { SCROLL_SETTLE_MS, scrollToTop } from '../lib/scroll.ts'

/**
 * Scrolls to the top on every route change, at once and again after the settle delay. A layout
 * effect, so a page's own delayed scroll (registered later, in a passive effect) runs after it.
 * Not on the page the visitor arrived at: the browser placed it (at the top, or where a reload or
 * back left it), and a page the server drew may have been scrolled before the script took it over.
 */
export function ScrollOnNavigate() {
  const { pathname, search } = useLocation()
  const arrived = useRef(false)
  useLayoutEffect(() => {
    if (!arrived.current) {
      arrived.current = true
      return
    }
    scrollToTop()
    const timer = window.setTimeout(scrollToTop, SCROLL_SETTLE_MS)
    return () => window.clearTimeout(timer)
  }, [pathname, search])
  return null
}
