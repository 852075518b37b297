import { useEffect } from 'react'
import { useLocation } from 'react-router'
import { sendEvent } from '../lib/events.ts'
import { whenIdle } from '../lib/when-idle.ts'

/** The longest a page view waits for an idle moment. */
const IDLE_DEADLINE_MS = 2000

/** Only the path: queries and fragments may carry tokens (password-recovery links). */
function pageProperties(pathname: string) {
  return {
    $current_url: `${window.location.origin}${pathname}`,
    $pathname: pathname,
    timestamp: new Date().toISOString(),
  }
}

/** $pageview on every page, $pageleave when the path changes or the tab goes away. */
export function PageAnalytics() {
  const { pathname } = useLocation()
  useEffect(() => {
    // When the browser is idle: the page's first work (drawing, taking over the server's markup,
    // starting the tool's panel) comes first. A page left before then sends its view as it goes.
    let viewed = false
    const sendView = () => {
      if (viewed) return
      viewed = true
      sendEvent('$pageview', pageProperties(pathname))
    }
    const cancelView = whenIdle(sendView, IDLE_DEADLINE_MS)
    let left = false
    const leave = () => {
      if (left) return
      left = true
      cancelView()
      sendView()
      sendEvent('$pageleave', pageProperties(pathname))
    }
    window.addEventListener('pagehide', leave)
    return () => {
      window.removeEventListener('pagehide', leave)
      leave()
    }
  }, [pathname])
  return null
}
