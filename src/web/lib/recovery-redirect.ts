// Password-recovery links may land on any path; they belong on /auth with their query and fragment.
import { paths } from './routes.ts'

export interface LocationParts {
  pathname: string
  search: string
  hash: string
}

function hasRecoveryType(params: string): boolean {
  return new URLSearchParams(params).get('type') === 'recovery'
}

/** The address to move to, or null when the location is not a misplaced recovery link. */
export function recoveryRedirectTarget(location: LocationParts): string | null {
  if (location.pathname === paths.auth) return null
  const inQuery = hasRecoveryType(location.search)
  const inFragment = hasRecoveryType(location.hash.replace(/^#/, ''))
  if (!inQuery && !inFragment) return null
  return `${paths.auth}${location.search}${location.hash}`
}
