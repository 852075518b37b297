// Every path of the web app, in one place.
import type { CatalogueEntry } from '../../shared/catalogue.ts'

export const paths = {
  home: '/',
  auth: '/auth',
  benefits: '/benefits',
  dashboard: '/dashboard',
  changePassword: '/auth?tab=change-password',
  history: '/?history=true',
} as const

/** The own page of a catalogue entry, e.g. "/dns-lookup". */
export function toolPath(entry: Pick<CatalogueEntry, 'route'>): string {
  return `/${entry.route}`
}
