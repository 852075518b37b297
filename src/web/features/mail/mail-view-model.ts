// What the mail report shows: a count per verdict, the domain checks, and one card per tested
// mail server address (or per host that could not be tested) with its own checks.
import type { CheckStatus, MailCheck, MailResult, MxAddress } from '../../../shared/tools/mail/schema.ts'

export interface ServerCard {
  /** "mx.example.com [198.51.100.25]", or the host name alone when it has no address. */
  key: string
  name: string
  preference: number
  address?: MxAddress
  error?: string
  checks: MailCheck[]
}

export function countByStatus(checks: MailCheck[]): Record<CheckStatus, number> {
  const counts: Record<CheckStatus, number> = { pass: 0, warn: 0, fail: 0, info: 0, skipped: 0 }
  for (const check of checks) counts[check.status]++
  return counts
}

export function domainChecks(result: MailResult): MailCheck[] {
  return result.checks.filter((c) => c.host === undefined)
}

export function serverCards(result: MailResult): ServerCard[] {
  return result.mx.flatMap((host): ServerCard[] => {
    if (host.addresses.length === 0) {
      const checks = result.checks.filter((c) => c.host === host.name)
      return [{ key: host.name, name: host.name, preference: host.preference, error: host.error, checks }]
    }
    // Checks of the host as a whole (DANE's DNSSEC status, IPv6) go on its first address's card.
    const hostWide = result.checks.filter((c) => c.host === host.name)
    return host.addresses.map((address, index) => {
      const key = `${host.name} [${address.address}]`
      const own = result.checks.filter((c) => c.host === key)
      return {
        key,
        name: host.name,
        preference: host.preference,
        address,
        checks: index === 0 ? [...own, ...hostWide] : own,
      }
    })
  })
}
