// Asks one list about one target: the A record (the verdict), then the TXT reason of a listing,
// all within the list's own deadline.
import type { DecodedPacket } from 'dns-packet'
import type { BlacklistRow } from '../../shared/tools/blacklist/schema.ts'
import { DnsTimeoutError } from '../net/dns-client.ts'
import type { Endpoint } from '../net/endpoint.ts'
import type { Net } from '../net/net.ts'
import { classifyAnswer, type Verdict } from './classify-answer.ts'
import type { DnsblZone } from './zone-list.ts'

export interface ZoneQuery {
  zone: DnsblZone
  /** The address or domain being checked. */
  target: string
  /** The DNS name to ask. */
  name: string
}

export interface ZoneCheck {
  zone: DnsblZone
  verdict: Verdict
  row: BlacklistRow
}

export interface QueryOptions {
  server: Endpoint
  net: Pick<Net, 'askDns'>
  signal: AbortSignal
  timeoutMs: number
}

const MAX_REASON = 500

/** Return codes in numeric order, so a verdict reads the same whatever order the server used. */
function byAddress(a: string, b: string): number {
  const value = (ip: string) => ip.split('.').reduce((sum, octet) => sum * 256 + Number(octet), 0)
  return value(a) - value(b)
}

function rcodeOf(response: DecodedPacket): string {
  return (response as { rcode?: string }).rcode ?? 'NOERROR'
}

function txtText(data: unknown): string {
  const parts = Array.isArray(data) ? data : [data]
  return parts.map((part) => (Buffer.isBuffer(part) ? part.toString('utf8') : String(part))).join('')
}

async function fetchReason(name: string, options: QueryOptions, signal: AbortSignal): Promise<string | null> {
  try {
    const { response } = await options.net.askDns({
      name,
      type: 'TXT',
      server: options.server,
      signal,
      timeoutMs: options.timeoutMs,
    })
    const texts = (response.answers ?? [])
      .filter((a) => a.type === 'TXT')
      .map((a) => txtText((a as { data: unknown }).data))
    const reason = texts.join(' | ').trim()
    return reason === '' ? null : reason.slice(0, MAX_REASON)
  } catch {
    // The listing stands without its reason.
    return null
  }
}

function failureDetail(error: unknown, timeoutMs: number): string {
  if (error instanceof DnsTimeoutError) return `unverified: no answer within ${timeoutMs / 1000} s`
  const code = (error as NodeJS.ErrnoException).code
  return `unverified: the query failed${code ? ` (${code})` : ''}`
}

export async function queryZone(query: ZoneQuery, options: QueryOptions): Promise<ZoneCheck> {
  const { zone, name } = query
  const started = performance.now()
  const signal = AbortSignal.any([options.signal, AbortSignal.timeout(options.timeoutMs)])
  let verdict: Verdict
  let reason: string | null = null
  try {
    const { response } = await options.net.askDns({
      name,
      type: 'A',
      server: options.server,
      signal,
      timeoutMs: Math.max(50, Math.floor(options.timeoutMs / 2)),
      attempts: 2,
    })
    const addresses = (response.answers ?? [])
      .filter((a) => a.type === 'A')
      .map((a) => String((a as { data: unknown }).data))
      .sort(byAddress)
    verdict = classifyAnswer(zone, { rcode: rcodeOf(response), addresses })
    if (verdict.status === 'listed') reason = await fetchReason(name, options, signal)
  } catch (error) {
    verdict = {
      status: 'unverified',
      codes: [],
      meanings: [],
      detail: failureDetail(error, options.timeoutMs),
      weight: 0,
      categories: [],
    }
  }
  const row: BlacklistRow = {
    id: zone.id,
    list: zone.name,
    zone: zone.zone,
    kind: zone.kind,
    target: query.target,
    query: name,
    status: verdict.status,
    codes: verdict.codes,
    meanings: verdict.meanings,
    detail: verdict.detail,
    reason,
    timeMs: Math.round(performance.now() - started),
    info: zone.info,
    ...(zone.delisting ? { delisting: zone.delisting } : {}),
  }
  return { zone, verdict, row }
}
