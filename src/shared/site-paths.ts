// Every page path of the site (docs/product.md, Routes); anything else is the 404 page.
import { catalogue } from './catalogue.ts'

export const PAGE_PATHS = ['/', '/auth', '/benefits', '/dashboard', '/monitors', '/privacy'] as const

/** One monitor's page, /monitors/<id>: served with the monitors page's head. */
export const MONITOR_PAGE = /^\/monitors\/[^/]+$/

export function isKnownPagePath(pathname: string): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname
  return (
    (PAGE_PATHS as readonly string[]).includes(path) ||
    MONITOR_PAGE.test(path) ||
    catalogue.some((entry) => `/${entry.route}` === path)
  )
}

/** Where every e-mail verification link lands; the server adds error=CODE when the link failed. */
export const VERIFIED_LANDING = '/auth?verified=1'
