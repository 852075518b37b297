// MTA-STS (RFC 8461): the _mta-sts TXT record, then the policy file over HTTPS (guarded GET,
// certificate verified, no redirects) and whether every MX host is covered by it.
import type { MailCheck, MtaStsInfo } from '../../shared/tools/mail/schema.ts'
import { describeLookupError } from '../mail-auth/lookup-error.ts'
import { asMailauthResolver, parsePolicy, resolvePolicy, validateMx } from '../mail-auth/mailauth.ts'
import { GuardedFetchError, guardedFetch } from '../net/guarded-http.ts'
import type { Net } from '../net/net.ts'
import type { RecordResolver } from '../net/record-resolver.ts'

export interface MtaStsFetchOptions {
  /** Port of the policy host (443; tests). */
  port?: number
  /** Trust anchors for the policy host instead of the default ones (PEM; tests). */
  ca?: string[]
}

const check = (status: MailCheck['status'], reason: string): MailCheck => ({
  id: 'mta-sts',
  title: 'MTA-STS',
  status,
  reason,
})

async function fetchPolicy(domain: string, net: Net, signal: AbortSignal, o: MtaStsFetchOptions) {
  const port = o.port ? `:${o.port}` : ''
  try {
    const answer = await guardedFetch(`https://mta-sts.${domain}${port}/.well-known/mta-sts.txt`, {
      net,
      signal,
      timeoutMs: 8000,
      maxBytes: 64 * 1024,
      ...(o.ca ? { ca: o.ca } : {}),
    })
    if (answer.status !== 200) return { error: `HTTP ${answer.status}`, ours: false }
    return { policy: parsePolicy(answer.body) }
  } catch (error) {
    if (!(error instanceof GuardedFetchError))
      return { error: `invalid policy file: ${(error as Error).message}`, ours: false }
    // Our resolver failing, the policy refusing the address or the test's time running out leave
    // the policy file unread: not a fact about the domain.
    return { error: error.message, ours: error.failureSource !== 'target' || signal.aborted }
  }
}

/** RFC 8461 §4.1: "*." matches exactly one leftmost label. */
const patternMatches = (pattern: string, name: string) => {
  const p = pattern.toLowerCase().replace(/\.$/, '')
  const n = name.toLowerCase().replace(/\.$/, '')
  return p.startsWith('*.') ? n.slice(n.indexOf('.') + 1) === p.slice(2) && n.indexOf('.') > 0 : n === p
}

/** Policy patterns that match none of the domain's MX hosts (left over from a move, or a typo). */
function unusedPatterns(patterns: string[], mxNames: string[]): string[] {
  return patterns.filter((pattern) => !mxNames.some((name) => patternMatches(pattern, name)))
}

export async function checkMtaSts(
  domain: string,
  mxNames: string[],
  deps: { resolve: RecordResolver; net: Net; signal: AbortSignal; fetch: MtaStsFetchOptions },
): Promise<{ check: MailCheck; mtaSts?: MtaStsInfo }> {
  let id: string | false
  try {
    id = await resolvePolicy(domain, { resolver: asMailauthResolver(deps.resolve) })
  } catch (error) {
    const code = (error as { code?: string }).code
    if (code === 'multi_sts_records')
      return { check: check('fail', `several _mta-sts.${domain} records: senders ignore them all`) }
    return { check: check('skipped', `not checked: ${describeLookupError(error, `_mta-sts.${domain}`, 'TXT')}`) }
  }
  if (!id)
    return { check: check('info', `no MTA-STS policy (_mta-sts.${domain} TXT): senders may deliver without TLS`) }
  const fetched = await fetchPolicy(domain, deps.net, deps.signal, deps.fetch)
  if (!fetched.policy) {
    const mtaSts: MtaStsInfo = { id, mx: [], error: fetched.error }
    if (fetched.ours) {
      return { mtaSts, check: check('skipped', `not checked: policy id ${id} published, but ${fetched.error}`) }
    }
    return {
      mtaSts,
      check: check('fail', `policy id ${id} published, but the policy file is unavailable: ${fetched.error}`),
    }
  }
  const policy = fetched.policy
  const mtaSts: MtaStsInfo = {
    id,
    mode: policy.mode,
    mx: policy.mx ?? [],
    ...(policy.maxAge ? { maxAge: policy.maxAge } : {}),
  }
  const uncovered = mxNames.filter((name) => !validateMx(name, policy).valid)
  // An MX the policy omits fails delivery under enforce, and is reported as a failure under testing.
  if (uncovered.length > 0 && policy.mode !== 'none') {
    return {
      mtaSts,
      check: check('fail', `mode ${policy.mode}, but MX ${uncovered.join(', ')} not listed in the policy`),
    }
  }
  const stale = unusedPatterns(policy.mx ?? [], mxNames)
  const extra = stale.length ? `; the policy also lists ${stale.join(', ')}, which matches no MX` : ''
  if (policy.mode === 'enforce')
    return { mtaSts, check: check('pass', `mode enforce, max_age ${policy.maxAge ?? '?'} s, every MX covered${extra}`) }
  if (policy.mode === 'testing') {
    return {
      mtaSts,
      check: check(
        'warn',
        `mode testing: every MX covered, but senders only report TLS failures and still deliver${extra}`,
      ),
    }
  }
  return { mtaSts, check: check('warn', `mode ${policy.mode}: TLS is not enforced`) }
}
