// The parts of mailauth the mail test uses, all driven by our own resolver.
import { createRequire } from 'node:module'
import type { DNSResolver } from 'mailauth'
import { parsePolicy, resolvePolicy, validateMx } from 'mailauth/lib/mta-sts.js'
import { spf } from 'mailauth/lib/spf/index.js'
import type { RecordResolver } from '../net/record-resolver.ts'

export interface DmarcRecordFields {
  rr: string
  recordDomain: string
  p?: string
  sp?: string
  pct?: number
  rua?: string
  ruf?: string
}

type GetDmarcRecord = (domain: string, resolver: DNSResolver) => Promise<DmarcRecordFields | false>

const require = createRequire(import.meta.url)
/** RFC 9989 policy discovery: the domain's record, else its organizational domain's. */
export const getDmarcRecord = require('mailauth/lib/dmarc/get-dmarc-record.js') as GetDmarcRecord

/** Our resolver in the type mailauth declares (it returns node:dns shapes). */
export const asMailauthResolver = (resolve: RecordResolver) => resolve as DNSResolver

export { parsePolicy, resolvePolicy, spf, validateMx }
