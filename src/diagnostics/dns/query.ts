// One DNS question to one server, turned into the section/flag/timing rows users see.
import type { RecordType } from 'dns-packet'
import type { DnsQueryResult } from '../../shared/tools/dns.ts'
import { exchangeDns } from '../net/dns-client.ts'
import type { Endpoint } from '../net/endpoint.ts'
import { formatRecords } from './format-record.ts'

export interface QueryOptions {
  signal: AbortSignal
  /** Set the DO bit (DNSSEC records). */
  dnssec?: boolean
  /** False for questions to authoritative servers (a delegation walk). */
  recursionDesired?: boolean
  timeoutMs?: number
  attempts?: number
}

export async function queryDns(
  name: string,
  type: string,
  server: Endpoint,
  options: QueryOptions,
): Promise<DnsQueryResult> {
  const { response, transport, timeMs } = await exchangeDns({
    name,
    type: type as RecordType,
    server,
    signal: options.signal,
    dnssecOk: options.dnssec,
    recursionDesired: options.recursionDesired,
    timeoutMs: options.timeoutMs,
    attempts: options.attempts,
  })
  return {
    type,
    rcode: (response as { rcode?: string }).rcode ?? 'NOERROR',
    flags: {
      qr: response.flag_qr,
      aa: response.flag_aa,
      tc: response.flag_tc,
      rd: response.flag_rd,
      ra: response.flag_ra,
      ad: response.flag_ad,
      cd: response.flag_cd,
    },
    transport,
    queryTimeMs: timeMs,
    answers: formatRecords(response.answers),
    authority: formatRecords(response.authorities),
    additional: formatRecords(response.additionals),
  }
}
