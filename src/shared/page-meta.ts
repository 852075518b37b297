// Search-engine texts of every page: the app's own pages here, tool pages from the catalogue. The
// server writes them into the HTML it sends (with canonical URL, Open Graph tags and, for tools,
// structured data); the web app keeps the document in step as it navigates.
import { type CatalogueEntry, catalogue } from './catalogue.ts'
import { MONITOR_PAGE, type PAGE_PATHS } from './site-paths.ts'

export interface DocumentMeta {
  title: string
  description?: string
  keywords?: string
}

const suffix = ' | NetToolbox'

export const pageMeta = {
  home: {
    title: 'NetToolbox | Free Network Diagnostic Tools',
    description:
      'Free network diagnostics that run for real: ping, traceroute, DNS, whois, SSL/TLS, geolocation, blacklist, mail and website checks.',
    keywords: 'network tools, ping, traceroute, dns lookup, whois, ssl check, ip geolocation, blacklist check',
  },
  auth: {
    title: `Sign In${suffix}`,
    description: 'Sign in or create a free NetToolbox account to keep a private history of your tool results.',
    keywords: 'sign in, sign up, account, password reset',
  },
  benefits: {
    title: `Benefits${suffix}`,
    description: 'What a free NetToolbox account adds: saved results and a private history. Every tool stays free.',
    keywords: 'free account, saved results, tool history, network tools',
  },
  dashboard: {
    title: `Dashboard${suffix}`,
    description: 'Your NetToolbox account: email, membership date, password and tool history.',
    keywords: 'dashboard, account, tool history',
  },
  monitors: {
    title: `Monitors${suffix}`,
    description:
      'Your NetToolbox monitors: scheduled checks of certificates, block lists, DNS, websites, mail and ping with alerts.',
    keywords: 'monitoring, uptime, certificate expiry, alerts, webhook',
  },
  privacy: {
    title: `Privacy${suffix}`,
    description:
      'What NetToolbox collects and keeps: tool runs, accounts, history, monitors, analytics events and logs, and for how long.',
    keywords: 'privacy, data retention, analytics, do not track',
  },
  notFound: {
    title: `Page not found${suffix}`,
    description: 'This page does not exist. Return to the NetToolbox home page for every network tool.',
    keywords: 'page not found, 404',
  },
} as const satisfies Record<string, Required<DocumentMeta>>

/** The home page's heading and lead: the app renders them, and the server's HTML carries them. */
export const homeHero = {
  heading: 'Network Diagnostic Toolkit',
  lead: 'Ping, trace, look up and check any host from our server. Real results, free, no account needed.',
} as const

export interface PageHead extends Required<DocumentMeta> {
  /** The page's path without a trailing slash ("/" for home). */
  path: string
  /** Pages search engines should not list (accounts, the 404 page). */
  noindex: boolean
  /** The catalogue entry of a tool page. */
  entry?: CatalogueEntry
}

const OWN_PAGES: Record<(typeof PAGE_PATHS)[number], { meta: Required<DocumentMeta>; noindex: boolean }> = {
  '/': { meta: pageMeta.home, noindex: false },
  '/auth': { meta: pageMeta.auth, noindex: true },
  '/benefits': { meta: pageMeta.benefits, noindex: false },
  '/dashboard': { meta: pageMeta.dashboard, noindex: true },
  '/monitors': { meta: pageMeta.monitors, noindex: true },
  '/privacy': { meta: pageMeta.privacy, noindex: false },
}

/** The head of the page at `pathname`; the 404 page's for a path the site does not have. */
export function pageHeadFor(pathname: string): PageHead & { found: boolean } {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname
  const own = OWN_PAGES[path as keyof typeof OWN_PAGES]
  if (own) return { ...own.meta, path, noindex: own.noindex, found: true }
  if (MONITOR_PAGE.test(path)) return { ...pageMeta.monitors, path, noindex: true, found: true }
  const entry = catalogue.find((e) => `/${e.route}` === path)
  if (entry) return { ...entry.seo, path, noindex: false, entry, found: true }
  return { ...pageMeta.notFound, path, noindex: true, found: false }
}

/** Every page search engines may list, for the sitemap. */
export function publicPagePaths(): string[] {
  const own = Object.entries(OWN_PAGES).flatMap(([path, page]) => (page.noindex ? [] : [path]))
  return [...own, ...catalogue.map((e) => `/${e.route}`)]
}
