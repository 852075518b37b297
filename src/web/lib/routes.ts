// Every path of the web app, in one place.
import type { CatalogueEntry } from '../../shared/catalogue.ts'

export const paths = {
  home: '/',
  auth: '/auth',
  benefits: '/benefits',
  dashboard: '/dashboard',
  changePassword: '/auth?tab=change-password',
  signUp: '/auth?tab=signup',
  monitors: '/monitors',
  monitor: '/monitors/:id',
  privacy: '/privacy',
  history: '/?history=true',
  /** Served by the server itself (not a route of this app): load it with a full page load. */
  apiReference: '/docs/api',
  sharedResult: '/r/:id',
} as const

/** The own page of a catalogue entry, e.g. "/dns-lookup". */
export function toolPath(entry: Pick<CatalogueEntry, 'route'>): string {
  return `/${entry.route}`
}

/** The monitors page, or one monitor's page. */
export function monitorPath(id?: string): string {
  return id === undefined ? paths.monitors : `${paths.monitors}/${encodeURIComponent(id)}`
}
