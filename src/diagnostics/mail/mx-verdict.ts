// The MX check: what the domain publishes for mail delivery, judged after its hosts were probed.
import { type MailCheck, mailHostsSentence, summarizeMailHosts } from '../../shared/tools/mail/schema.ts'
import { MAX_MX_HOSTS, type MxLookup } from './mx-lookup.ts'
import type { ProbedHost } from './probe-hosts.ts'

const check = (status: MailCheck['status'], reason: string): MailCheck => ({
  id: 'mx',
  title: 'MX records',
  status,
  reason,
})

export function judgeMx(domain: string, lookup: MxLookup, probed: ProbedHost[]): MailCheck {
  if (lookup.kind === 'null-mx') return check('info', `null MX (RFC 7505): ${domain} declares that it accepts no mail`)
  if (lookup.kind === 'no-mx') {
    const host = probed[0]?.host
    if (!host || host.error) {
      return check(
        'fail',
        `no MX records and no usable address (${host?.error ?? 'none'}): ${domain} cannot receive mail`,
      )
    }
    const addresses = host.addresses.map((a) => a.address).join(', ')
    return check(
      'warn',
      `no MX records: mail is delivered to the domain's own address ${addresses} (RFC 5321 §5.1 fallback)`,
    )
  }
  if (lookup.kind !== 'mx') return check('fail', 'MX lookup failed')
  const listed = lookup.hosts.map((h) => `${h.name} (${h.preference})`).join(', ')
  const count = `${lookup.hosts.length} MX record${lookup.hosts.length === 1 ? '' : 's'}`
  if (lookup.withNullMx) return check('warn', `${count} next to a null MX: RFC 7505 forbids mixing them; ${listed}`)
  const extra = lookup.hosts.length > MAX_MX_HOSTS ? `; only the first ${MAX_MX_HOSTS} are tested` : ''
  const hosts = summarizeMailHosts(probed.map((p) => p.host))
  // The MX records themselves were read; which of their servers could be checked is said beside them.
  const reach = hosts.notChecked.length > 0 ? `; ${mailHostsSentence(hosts)}` : ''
  if (!probed.some((p) => p.host.addresses.length > 0)) {
    const unresolvable = probed.every((p) => p.checks.some((c) => c.id === 'mx-address' && c.status === 'fail'))
    return unresolvable
      ? check('fail', `${count}, but no host has an address: ${listed}`)
      : check('warn', `${count}, but no host could be tested: ${listed}${reach}`)
  }
  return check('pass', `${count}: ${listed}${extra}${reach}`)
}
