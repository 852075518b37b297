// DNS lookup: our own client against the chosen resolver, one query per record type, in parallel.
import type { RecordType } from 'dns-packet'
import type { z } from 'zod'
import { DNS_DEFAULT_TYPES, type DnsQueryResult, type DnsResult, dnsLines, dnsRequest, dnsResult } from '../../shared/tools/dns.ts'
import { exchangeDns, DnsTimeoutError } from '../net/dns-client.ts'
import type { Endpoint } from '../net/endpoint.ts'
import { formatEndpoint } from '../net/endpoint.ts'
import { type Diagnostic, failed, type Outcome, type RunContext } from '../types.ts'
import { formatRecords } from './format-record.ts'

type DnsRequest = z.infer<typeof dnsRequest>

async function queryOne(name: string, type: string, server: Endpoint, signal: AbortSignal): Promise<DnsQueryResult> {
  const { response, transport, timeMs } = await exchangeDns({ name, type: type as RecordType, server, signal })
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

function pickServer(option: string | undefined, ctx: RunContext): Endpoint | Outcome<never> {
  if (option) {
    const checked = ctx.net.checkEndpoint(option, 53)
    if (!checked.ok) return failed('policy', checked.error)
    return checked.endpoint
  }
  const first = ctx.net.resolvers[0]
  return first ?? failed('resolver', 'No DNS resolver is configured on this server')
}

/** The verdict of a finished lookup: NXDOMAIN and server errors are failures, never empty answers. */
function verdict(result: DnsResult): Outcome<DnsResult> {
  const codes = new Set(result.queries.map((q) => q.rcode))
  if (codes.has('NXDOMAIN')) {
    return { status: 'failed', failureSource: 'target', error: `NXDOMAIN: ${result.name} does not exist`, result }
  }
  const bad = result.queries.find((q) => q.rcode !== 'NOERROR')
  if (bad) {
    return { status: 'failed', failureSource: 'resolver', error: `${bad.rcode} from ${result.server} for ${bad.type}`, result }
  }
  return { status: 'ok', result }
}

export const dnsDiagnostic: Diagnostic<DnsRequest, DnsResult> = {
  id: 'dns',
  request: dnsRequest,
  result: dnsResult,
  deadlineMs: 10_000,
  lines: dnsLines,
  async run(request, ctx) {
    const server = pickServer(request.options?.server, ctx)
    if ('status' in server) return server
    const name = request.input.replace(/\.$/, '').toLowerCase()
    const types = request.options?.type ? [request.options.type] : [...DNS_DEFAULT_TYPES]
    const where = formatEndpoint(server)
    try {
      const queries = await Promise.all(types.map((type) => queryOne(name, type, server, ctx.signal)))
      return verdict({ name, server: where, queries })
    } catch (error) {
      if (error instanceof DnsTimeoutError) {
        return failed('resolver', `Timeout: no answer from ${where}`)
      }
      const code = (error as NodeJS.ErrnoException).code
      return failed('resolver', `Query to ${where} failed${code ? ` (${code})` : ''}`)
    }
  },
}
