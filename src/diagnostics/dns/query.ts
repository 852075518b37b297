// One DNS question to one server, turned into the section/flag/timing rows users see.
import { createRequire } from 'node:module'
import type { RecordType } from 'dns-packet'
import { readRrType } from '../../shared/tools/dns/record-types.ts'
import type { DnsQueryResult } from '../../shared/tools/dns/schema.ts'
import type { Endpoint } from '../net/endpoint.ts'
import type { Net } from '../net/net.ts'
import { formatRecords } from './format-record.ts'

export interface QueryOptions {
  /** The DNS client the question goes through. */
  net: Pick<Net, 'askDns'>
  signal: AbortSignal
  /** Set the DO bit (DNSSEC records). */
  dnssec?: boolean
  /** False for questions to authoritative servers (a delegation walk). */
  recursionDesired?: boolean
  timeoutMs?: number
  attempts?: number
  /** The server was chosen by the user or a zone the user names (see Net.askDns). */
  onUsersBehalf?: boolean
}

const packetTypes = createRequire(import.meta.url)('dns-packet/types.js') as { toString(type: number): string }

/** dns-packet's name for a type: its own mnemonic, or "UNKNOWN_<n>" for one it has no name for. */
function packetType(type: string): RecordType {
  const checked = readRrType(type)
  if (!checked.ok) throw new Error(checked.message)
  return packetTypes.toString(checked.number) as RecordType
}

export async function queryDns(
  name: string,
  type: string,
  server: Endpoint,
  options: QueryOptions,
): Promise<DnsQueryResult> {
  const { response, message, transport, timeMs } = await options.net.askDns({
    name,
    type: packetType(type),
    server,
    signal: options.signal,
    dnssecOk: options.dnssec,
    recursionDesired: options.recursionDesired,
    timeoutMs: options.timeoutMs,
    attempts: options.attempts,
    onUsersBehalf: options.onUsersBehalf,
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
    ...formatRecords(message),
  }
}
