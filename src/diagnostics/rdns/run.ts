// Reverse DNS: the PTR records of an address from the configured resolver, each confirmed forward.
// The address itself is never contacted, so it needs no policy check; the resolver is the operator's.
import type { z } from 'zod'
import { type RdnsResult, rdnsLines, rdnsRequest, rdnsResult } from '../../shared/tools/rdns.ts'
import { queryDns } from '../dns/query.ts'
import { DnsTimeoutError } from '../net/dns-client.ts'
import { formatEndpoint } from '../net/endpoint.ts'
import { parseIpLiteral } from '../net/ip-literal.ts'
import { reverseName } from '../net/reverse-dns.ts'
import { type Diagnostic, failed } from '../types.ts'
import { confirmForward } from './forward-confirm.ts'

type RdnsRequest = z.infer<typeof rdnsRequest>

/** More PTR names than this are listed but not all confirmed. */
const MAX_CONFIRMED = 10

export const rdnsDiagnostic: Diagnostic<RdnsRequest, RdnsResult> = {
  id: 'rdns',
  request: rdnsRequest,
  result: rdnsResult,
  deadlineMs: 10_000,
  lines: rdnsLines,
  async run(request, ctx) {
    const ip = parseIpLiteral(request.input)
    if (!ip) return failed('target', `${request.input} is not an IP address`)
    const resolver = ctx.net.resolvers[0]
    if (!resolver) return failed('server', 'No DNS resolver is configured on this server')
    const server = formatEndpoint(resolver)
    const name = reverseName(ip)
    let reply: Awaited<ReturnType<typeof queryDns>>
    try {
      reply = await queryDns(name, 'PTR', resolver, { signal: ctx.signal })
    } catch (error) {
      const why =
        error instanceof DnsTimeoutError
          ? `This server's resolver ${server} did not answer`
          : `This server's resolver ${server} could not be asked`
      return failed('server', why)
    }
    const base = {
      ip: ip.address,
      family: ip.family,
      reverseName: name,
      server,
      rcode: reply.rcode,
      queryTimeMs: reply.queryTimeMs,
    }
    if (reply.rcode !== 'NOERROR' && reply.rcode !== 'NXDOMAIN') {
      const result = { ...base, ptrs: [], forwardConfirmed: false }
      return {
        status: 'failed',
        failureSource: 'server',
        error: `${reply.rcode} from ${server} for ${name} PTR`,
        result,
      }
    }
    const records = reply.answers.filter((r) => r.type === 'PTR')
    const ptrs = await Promise.all(
      records.map(async (record, index) => {
        const host = record.value.replace(/\.$/, '')
        const confirmation =
          index < MAX_CONFIRMED
            ? await confirmForward(host, ip, resolver, ctx.signal)
            : { confirmation: 'unresolved' as const, forwardAddresses: [], forwardError: 'not checked' }
        return { name: host, ttl: record.ttl, ...confirmation }
      }),
    )
    const result = { ...base, ptrs, forwardConfirmed: ptrs.some((p) => p.confirmation === 'confirmed') }
    if (ptrs.length === 0) {
      return { status: 'failed', failureSource: 'target', error: `No PTR record for ${ip.address}`, result }
    }
    return { status: 'ok', result }
  },
}
