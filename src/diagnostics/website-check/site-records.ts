// What the website check reads beside the page, in parallel and each under the probes' deadline:
// security.txt on the final URL's origin, the CAA records and the DNSSEC status of its host. Returns
// the two report categories and the values they judged.

import type { CaaReport, SecurityTxtReport, WebsiteDnssecReport } from '../../shared/tools/website-check/records.ts'
import type { WebsiteCategory } from '../../shared/tools/website-check/schema.ts'
import type { DsRecord } from '../dnssec/trust-anchors.ts'
import { bareHost } from '../net/guarded-http-request.ts'
import { parseIpLiteral } from '../net/ip-literal.ts'
import type { Net } from '../net/net.ts'
import { caaCheck, lookUpCaa } from './caa-lookup.ts'
import type { ChainReport } from './check-chain.ts'
import { addressType, dnssecCheck, literalDnssecReport, validateHostDnssec } from './host-dnssec.ts'
import type { ProbeContext } from './probes.ts'
import { judgeSecurityTxt } from './security-txt-checks.ts'
import { fetchSecurityTxt } from './security-txt-fetch.ts'
import { categoryScore } from './standards.ts'

/** Wait for each DNS answer of the CAA climb and the DNSSEC walk. */
const QUESTION_TIMEOUT_MS = 1500

export interface SiteRecordsContext extends Omit<ProbeContext, 'net'> {
  net: ProbeContext['net'] & Pick<Net, 'askDns' | 'resolver'>
  maxRedirects: number
  trustAnchors: DsRecord[]
  now: Date
}

export interface SiteRecords {
  categories: WebsiteCategory[]
  securityTxt: SecurityTxtReport
  caa: CaaReport
  dnssec: WebsiteDnssecReport
}

const literalCaa = (host: string): CaaReport => ({
  host,
  state: 'not-checked',
  foundAt: null,
  asked: [],
  records: [],
  error: `The URL names the address ${host}: CAA applies to DNS names only`,
})

export async function assessSiteRecords(report: ChainReport, ctx: SiteRecordsContext): Promise<SiteRecords> {
  const site = report.finalUrl
  const host = bareHost(site)
  const literal = parseIpLiteral(host) !== null
  const signal = AbortSignal.any([ctx.signal, AbortSignal.timeout(ctx.timeoutMs)])
  const dnsContext = { net: ctx.net, signal, questionTimeoutMs: QUESTION_TIMEOUT_MS }
  const [fetched, caa, dnssec] = await Promise.all([
    fetchSecurityTxt(site, ctx, report.addresses),
    literal ? literalCaa(host) : lookUpCaa(host, dnsContext),
    literal
      ? literalDnssecReport(host)
      : validateHostDnssec(host, addressType(report.addresses.get(host) ?? []), {
          ...dnsContext,
          trustAnchors: ctx.trustAnchors,
        }),
  ])
  const securityTxt = judgeSecurityTxt(fetched, ctx.now)
  const dnsChecks = [caaCheck(caa), dnssecCheck(dnssec)]
  return {
    categories: [
      {
        id: 'security-txt',
        name: 'security.txt',
        score: categoryScore(securityTxt.checks),
        checks: securityTxt.checks,
      },
      { id: 'dns', name: 'DNS: CAA & DNSSEC', score: categoryScore(dnsChecks), checks: dnsChecks },
    ],
    securityTxt: securityTxt.report,
    caa,
    dnssec,
  }
}
