// The DNSSEC status of the site's host: its address records validated by the project's own DNSSEC
// validator (diagnostics/dnssec) from the trust anchors down, through our resolver, with CD set so
// the resolver's own verdict is never taken on trust.

import type { WebsiteDnssecReport } from '../../shared/tools/website-check/records.ts'
import type { WebsiteStandardCheck } from '../../shared/tools/website-check/schema.ts'
import type { DsRecord } from '../dnssec/trust-anchors.ts'
import { createDnssecValidator } from '../dnssec/validate.ts'
import type { IpLiteral } from '../net/ip-literal.ts'
import type { DnsCheckContext } from './caa-lookup.ts'
import { standardCheck } from './standard-check.ts'

const NAME = 'DNSSEC (signed and validated host)'

/** The type to validate: A when the host has IPv4 addresses, AAAA when it has IPv6 ones only. */
export function addressType(addresses: IpLiteral[]): 'A' | 'AAAA' {
  return addresses.some((a) => a.family === 4) || addresses.length === 0 ? 'A' : 'AAAA'
}

export async function validateHostDnssec(
  host: string,
  type: 'A' | 'AAAA',
  ctx: DnsCheckContext & { trustAnchors: DsRecord[] },
): Promise<WebsiteDnssecReport> {
  const validator = createDnssecValidator(ctx.net, {
    signal: ctx.signal,
    trustAnchors: ctx.trustAnchors,
    timeoutMs: ctx.questionTimeoutMs,
    // Our own resolver not answering is this server's failure.
    serverFailureSource: 'server',
  })
  const validation = await validator.validate(host, type)
  return {
    host,
    type,
    status: validation.status,
    // The walk stopped by the check's deadline says so, not only which question went unanswered.
    reason:
      ctx.signal.aborted && validation.status === 'indeterminate'
        ? `Not finished before the check’s deadline: ${validation.reason}`
        : validation.reason,
    ...(validation.failureSource ? { failureSource: validation.failureSource } : {}),
  }
}

/** The report when the URL names an IP address: no DNS name to validate. */
export function literalDnssecReport(host: string): WebsiteDnssecReport {
  return {
    host,
    type: 'A',
    status: 'not-checked',
    reason: `The URL names the address ${host}: no DNS name to validate`,
  }
}

export function dnssecCheck(report: WebsiteDnssecReport): WebsiteStandardCheck {
  const about = `${report.host} ${report.type}`
  switch (report.status) {
    case 'secure':
      return standardCheck('dnssec', NAME, 'pass', `Signed and validated (${about}): ${report.reason}`)
    case 'bogus':
      return standardCheck(
        'dnssec',
        NAME,
        'fail',
        `Signed but bogus (${about}): ${report.reason.replace(/^Bogus: /, '')}`,
      )
    case 'insecure':
      return standardCheck('dnssec', NAME, 'warning', `Unsigned (${about}): ${report.reason}`)
    case 'indeterminate':
      return standardCheck(
        'dnssec',
        NAME,
        'not-tested',
        `Could not be determined (${about}): ${report.reason}`,
        report.failureSource ?? 'server',
      )
    case 'not-checked':
      return standardCheck('dnssec', NAME, 'not-tested', report.reason, null)
  }
}
