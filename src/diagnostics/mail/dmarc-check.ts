// DMARC of the domain (RFC 9989): the record that applies (own or organizational domain),
// its policy for the domain and subdomains, the share of mail it covers, and report addresses.
import type { DmarcRecord, MailCheck } from '../../shared/tools/mail/schema.ts'
import { describeLookupError } from '../mail-auth/lookup-error.ts'
import { asMailauthResolver, getDmarcRecord } from '../mail-auth/mailauth.ts'
import type { RecordResolver } from '../net/record-resolver.ts'

const POLICIES = new Set(['none', 'quarantine', 'reject'])
const check = (status: MailCheck['status'], reason: string): MailCheck => ({
  id: 'dmarc',
  title: 'DMARC',
  status,
  reason,
})
const uris = (value: string | undefined) =>
  (value ?? '')
    .split(',')
    .map((u) => u.trim())
    .filter(Boolean)

export async function checkDmarc(
  domain: string,
  resolve: RecordResolver,
): Promise<{ check: MailCheck; dmarc?: DmarcRecord }> {
  let found: Awaited<ReturnType<typeof getDmarcRecord>>
  try {
    found = await getDmarcRecord(domain, asMailauthResolver(resolve))
  } catch (error) {
    const name = (error as { hostname?: string }).hostname ?? `_dmarc.${domain}`
    return { check: check('skipped', `not checked: ${describeLookupError(error, name, 'TXT')}`) }
  }
  if (!found) return { check: check('fail', `no DMARC record at _dmarc.${domain}: spoofed mail is not rejected`) }
  const dmarc: DmarcRecord = {
    record: found.rr,
    recordDomain: found.recordDomain,
    ...(found.p ? { p: found.p } : {}),
    ...(found.sp ? { sp: found.sp } : {}),
    pct: found.pct ?? 100,
    rua: uris(found.rua),
    ruf: uris(found.ruf),
  }
  const inherited = found.recordDomain !== domain ? ` (inherited from ${found.recordDomain})` : ''
  const reports = dmarc.rua.length ? `reports to ${dmarc.rua.join(', ')}` : 'no aggregate reports (rua)'
  if (!dmarc.p || !POLICIES.has(dmarc.p)) {
    return { dmarc, check: check('fail', `no valid p= tag${inherited}: receivers ignore the record`) }
  }
  if (dmarc.p === 'none') {
    return {
      dmarc,
      check: check('warn', `p=none${inherited}: monitoring only, spoofed mail is still delivered; ${reports}`),
    }
  }
  const sub = dmarc.sp && dmarc.sp !== dmarc.p ? `, sp=${dmarc.sp}` : ''
  if (dmarc.pct < 100) {
    return {
      dmarc,
      check: check('warn', `p=${dmarc.p}${sub} applied to only ${dmarc.pct}% of failing mail${inherited}; ${reports}`),
    }
  }
  if (dmarc.rua.length === 0) {
    const reason = `p=${dmarc.p}${sub}${inherited}; ${reports}: failures and spoofing attempts go unseen`
    return { dmarc, check: check('warn', reason) }
  }
  return { dmarc, check: check('pass', `p=${dmarc.p}${sub}${inherited}; ${reports}`) }
}
