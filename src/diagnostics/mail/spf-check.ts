// SPF of the domain (RFC 7208): one record, its terms, the DNS lookups an evaluation costs
// (at most 10) and how it treats senders it does not list.
import type { MailCheck, SpfRecord } from '../../shared/tools/mail/schema.ts'
import { asMailauthResolver, spf } from '../mail-auth/mailauth.ts'
import { lookupTxt } from '../mail-auth/txt-records.ts'
import type { RecordResolver } from '../net/record-resolver.ts'
import { isSpfRecord, parseSpfTerms, type SpfTerm } from './spf-terms.ts'

export const SPF_LOOKUP_LIMIT = 10
/** An address no mail server has (reserved range): evaluating with it walks the whole record. */
const PROBE_IP = '240.0.0.1'

const check = (status: MailCheck['status'], reason: string): MailCheck => ({ id: 'spf', title: 'SPF', status, reason })

function defaultVerdict(terms: SpfTerm[]): MailCheck {
  const all = terms.find((t) => t.mechanism === 'all')
  if (!all) {
    return terms.some((t) => t.mechanism === 'redirect')
      ? check('pass', 'policy delegated with redirect=')
      : check('warn', 'no "all" mechanism: unlisted senders get a neutral result')
  }
  const verdicts: Record<string, MailCheck> = {
    '+': check('fail', '+all: every server on the internet may send as this domain'),
    '?': check('warn', '?all: unlisted senders are neutral, the record protects nothing'),
    // Soft-fail asks receivers to accept and mark: spoofed mail still arrives unless DMARC rejects it.
    '~': check(
      'warn',
      '~all: unlisted senders only soft-fail and are usually still delivered; -all makes receivers reject them',
    ),
    '-': check('pass', '-all: unlisted senders fail'),
  }
  return verdicts[all.qualifier] ?? check('warn', `unexpected qualifier on all: ${all.qualifier}`)
}

export async function checkSpf(
  domain: string,
  resolve: RecordResolver,
): Promise<{ check: MailCheck; spf?: SpfRecord }> {
  const txt = await lookupTxt(resolve, domain)
  if (!txt.ok) return { check: check('skipped', `not checked: ${txt.error}`) }
  const records = txt.records.filter(isSpfRecord)
  if (records.length === 0)
    return { check: check('fail', `no SPF record: any server may claim to send mail from ${domain}`) }
  if (records.length > 1)
    return { check: check('fail', `${records.length} SPF records: receivers return permerror (one allowed)`) }
  const record = records[0] ?? ''
  const terms = parseSpfTerms(record)
  const evaluation = await spf({
    sender: `postmaster@${domain}`,
    ip: PROBE_IP,
    helo: domain,
    mta: 'nettoolbox',
    resolver: asMailauthResolver(resolve),
    maxResolveCount: SPF_LOOKUP_LIMIT * 3,
    maxElapsedTime: 10_000,
  })
  const lookups = evaluation.lookups?.count ?? 0
  const result: SpfRecord = { record, terms, lookups, voidLookups: evaluation.lookups?.void ?? 0 }
  const status = evaluation.status.result
  if (lookups > SPF_LOOKUP_LIMIT) {
    return {
      spf: result,
      check: check('fail', `${lookups} DNS lookups, more than ${SPF_LOOKUP_LIMIT}: receivers return permerror`),
    }
  }
  const counted = `${lookups} of ${SPF_LOOKUP_LIMIT} DNS lookups`
  if (status === 'temperror') {
    // A DNS lookup the evaluation needed failed: the record could not be evaluated, which says
    // nothing about the domain.
    const detail = evaluation.status.comment?.replace(/^[^:]*: /, '') ?? status
    const reason = `not checked: a DNS lookup the SPF evaluation needed failed through this server's resolver (${detail})`
    return { spf: result, check: check('skipped', reason) }
  }
  if (status === 'permerror') {
    const detail = evaluation.status.comment?.replace(/^[^:]*: /, '') ?? status
    return { spf: result, check: check('fail', `${status}: ${detail}`) }
  }
  const verdict = defaultVerdict(terms)
  if (verdict.status !== 'fail' && status === 'pass') {
    return { spf: result, check: check('fail', `authorises any address (${PROBE_IP} passes); ${counted}`) }
  }
  return { spf: result, check: { ...verdict, reason: `${verdict.reason}; ${counted}` } }
}
