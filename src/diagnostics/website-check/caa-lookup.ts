// The CAA records that apply to a host (RFC 8659 §3): ask the host's CAA set, then its parent's,
// climbing the tree to the top-level domain (the root is never asked); the first non-empty set is
// the relevant one. Asked of our own resolver, which follows CNAMEs as the RFC expects.
import type { CaaData } from 'dns-packet'
import type { CaaReport } from '../../shared/tools/website-check/records.ts'
import type { WebsiteStandardCheck } from '../../shared/tools/website-check/schema.ts'
import { DnsTimeoutError } from '../net/dns-client.ts'
import { formatEndpoint } from '../net/endpoint.ts'
import type { Net } from '../net/net.ts'
import { standardCheck } from './standard-check.ts'

export interface DnsCheckContext {
  net: Pick<Net, 'askDns' | 'resolver'>
  signal: AbortSignal
  /** Wait for each answer. */
  questionTimeoutMs: number
}

const NAME = 'CAA (which authorities may issue certificates)'
/** The order records are listed in: what may be issued, then where refusals are reported. */
const TAG_ORDER = ['issue', 'issuewild', 'iodef']
const tagRank = (tag: string) => {
  const rank = TAG_ORDER.indexOf(tag.toLowerCase())
  return rank === -1 ? TAG_ORDER.length : rank
}

/** "www.shop.example" → ["www.shop.example", "shop.example", "example"]. */
export function caaClimb(host: string): string[] {
  const labels = host.replace(/\.$/, '').toLowerCase().split('.')
  return labels.map((_, index) => labels.slice(index).join('.'))
}

function describeAskError(error: unknown): string {
  if (error instanceof DnsTimeoutError) return 'did not answer in time'
  const code = (error as NodeJS.ErrnoException).code
  return `could not be asked (${code ?? (error instanceof Error ? error.message : String(error))})`
}

export async function lookUpCaa(host: string, ctx: DnsCheckContext): Promise<CaaReport> {
  const asked: string[] = []
  const base = { host, foundAt: null, records: [] }
  const where = ctx.net.resolver ? formatEndpoint(ctx.net.resolver) : 'no resolver'
  for (const name of caaClimb(host)) {
    asked.push(name)
    let response: Awaited<ReturnType<Net['askDns']>>['response']
    try {
      ;({ response } = await ctx.net.askDns({
        name,
        type: 'CAA',
        signal: ctx.signal,
        timeoutMs: ctx.questionTimeoutMs,
        attempts: 2,
      }))
    } catch (error) {
      const what = ctx.signal.aborted ? 'did not answer before the check’s deadline' : describeAskError(error)
      const why = `The resolver ${where} ${what} for ${name} CAA`
      return { ...base, asked, state: 'not-checked', error: why, failureSource: 'server' }
    }
    const rcode = (response as { rcode?: string }).rcode ?? 'NOERROR'
    if (rcode !== 'NOERROR' && rcode !== 'NXDOMAIN') {
      const why = `The resolver ${where} answered ${rcode} for ${name} CAA`
      // SERVFAIL: the resolver could not get a valid answer from the zone's servers; any other error
      // rcode (REFUSED, NOTIMP...) is our resolver turning the question down.
      return {
        ...base,
        asked,
        state: 'not-checked',
        error: why,
        failureSource: rcode === 'SERVFAIL' ? 'target' : 'server',
      }
    }
    const records = (response.answers ?? []).flatMap((answer) => {
      if (answer.type !== 'CAA') return []
      const data = answer.data as CaaData
      return [{ flags: data.flags ?? 0, tag: data.tag, value: data.value }]
    })
    records.sort((a, b) => tagRank(a.tag) - tagRank(b.tag))
    if (records.length > 0) return { ...base, asked, state: 'found', foundAt: name, records }
  }
  return { ...base, asked, state: 'none' }
}

export function caaCheck(report: CaaReport): WebsiteStandardCheck {
  if (report.state === 'not-checked')
    return standardCheck('caa', NAME, 'not-tested', report.error ?? 'Not checked', report.failureSource ?? null)
  if (report.state === 'none')
    return standardCheck(
      'caa',
      NAME,
      'warning',
      `No CAA records on ${report.asked.join(', ')}: any CA may issue certificates for ${report.host}`,
    )
  const listed = report.records.map((r) => `${r.tag} "${r.value}"`).join('; ')
  const inherited = report.foundAt === report.host ? '' : ` (applies to ${report.host}, which has none of its own)`
  return standardCheck('caa', NAME, 'pass', `CAA at ${report.foundAt}${inherited}: ${listed}`)
}
