import { useEffect } from 'react'
import { useLocation } from 'react-router'
import { sendEvent } from '../lib/events.ts'

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
    // In a task of its own: the page's first work (drawing, taking over the server's markup) comes first.
    let viewed = false
    const view = window.setTimeout(() => {
      viewed = true
      sendEvent('$pageview', pageProperties(pathname))
    }, 0)
    let left = false
    const leave = () => {
      if (left || !viewed) return
      left = true
      sendEvent('$pageleave', pageProperties(pathname))
    }
    window.addEventListener('pagehide', leave)
    return () => {
      window.clearTimeout(view)
      window.removeEventListener('pagehide', leave)
      leave()
    }
  }, [pathname])
  return null
}
