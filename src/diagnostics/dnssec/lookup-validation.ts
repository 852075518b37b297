// The DNS lookup's DNSSEC step: each answered type validated by our own validator through the
// same server the lookup asked, sharing DS and DNSKEY answers between the types.

import type { DnsResult, DnssecValidation } from '../../shared/tools/dns/schema.ts'
import type { FailureSource } from '../../shared/tools/tool-answer.ts'
import type { Endpoint } from '../net/endpoint.ts'
import type { Net } from '../net/net.ts'
import type { DsRecord } from './trust-anchors.ts'
import { createDnssecValidator } from './validate.ts'

/** The validation's share of the lookup's deadline, and the wait for each of its answers. */
const VALIDATION_BUDGET_MS = 8000
const QUESTION_TIMEOUT_MS = 1500

/** Types that are no RRset of their own: ANY gathers several, RRSIG records are the signatures. */
const NOT_VALIDATED = new Set(['ANY', 'RRSIG'])

export interface LookupValidationOptions {
  net: Pick<Net, 'askDns' | 'resolver'>
  server: Endpoint
  signal: AbortSignal
  trustAnchors: DsRecord[]
  /** Whose failure an unanswered DS or DNSKEY question is (the resolver's operator). */
  serverFailureSource: FailureSource
}

/** Validations of the types answered NOERROR or NXDOMAIN, in the order asked. */
export async function validateLookup(result: DnsResult, options: LookupValidationOptions): Promise<DnssecValidation[]> {
  const validator = createDnssecValidator(options.net, {
    ...options,
    signal: AbortSignal.any([options.signal, AbortSignal.timeout(VALIDATION_BUDGET_MS)]),
    timeoutMs: QUESTION_TIMEOUT_MS,
  })
  const types = result.queries
    .filter((q) => (q.rcode === 'NOERROR' || q.rcode === 'NXDOMAIN') && !NOT_VALIDATED.has(q.type))
    .map((q) => q.type)
  return Promise.all(types.map((type) => validator.validate(result.name, type)))
}
