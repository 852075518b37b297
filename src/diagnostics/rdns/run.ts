// Reverse DNS: the PTR records of an address from the configured resolver, each confirmed forward.
// The address itself is never contacted, so it needs no policy check; the resolver is the operator's.
import type { z } from 'zod'
import { rdnsContract } from '../../shared/tools/rdns/index.ts'
import type { RdnsResult, rdnsRequest } from '../../shared/tools/rdns/schema.ts'
import { formatEndpoint } from '../net/endpoint.ts'
import { parseIpLiteral } from '../net/ip-literal.ts'
import { type Diagnostic, failed } from '../types.ts'
import { confirmForward } from './forward-confirm.ts'

type RdnsRequest = z.infer<typeof rdnsRequest>

/** More PTR names than this are listed but not all confirmed. */
const MAX_CONFIRMED = 10

export const rdnsDiagnostic: Diagnostic<RdnsRequest, RdnsResult> = {
  ...rdnsContract,
  deadlineMs: 10_000,
  async run(request, ctx) {
    const ip = parseIpLiteral(request.input)
    if (!ip) return failed('target', `${request.input} is not an IP address`)
    const lookup = await ctx.net.lookUpPtr(ip, { signal: ctx.signal })
    if (!lookup.server) return failed('server', 'No DNS resolver is configured on this server')
    const server = formatEndpoint(lookup.server)
    // Our resolver's silence, refusal or failure is ours: it says nothing about the address.
    if (!lookup.answered) {
      const why =
        lookup.reason === 'timeout'
          ? `This server could not reach its resolver ${server}`
          : `This server's resolver ${server} could not be asked`
      return failed('server', why)
    }
    const name = lookup.reverseName
    const base = {
      ip: ip.address,
      family: ip.family,
      reverseName: name,
      server,
      rcode: lookup.rcode,
      queryTimeMs: lookup.queryTimeMs,
    }
    if (lookup.rcode !== 'NOERROR' && lookup.rcode !== 'NXDOMAIN') {
      const result = { ...base, ptrs: [], forwardConfirmed: false }
      return {
        status: 'failed',
        failureSource: 'server',
        error: `This server's resolver ${server} answered ${lookup.rcode} for ${name} PTR, so the PTR records of ${ip.address} are unknown`,
        result,
      }
    }
    const ptrs = await Promise.all(
      lookup.records.map(async (record, index) => {
        const host = record.name
        const confirmation =
          index < MAX_CONFIRMED
            ? await confirmForward(host, ip, ctx.net, ctx.signal)
            : { confirmation: 'unresolved' as const, forwardAddresses: [], forwardError: 'not checked' }
        return { name: host, ttl: record.ttl, ...confirmation }
      }),
    )
    const result = { ...base, ptrs, forwardConfirmed: ptrs.some((p) => p.confirmation === 'confirmed') }
    // Only NXDOMAIN or an empty answer from a resolver that answered says the address has no name.
    if (ptrs.length === 0) {
      return { status: 'failed', failureSource: 'target', error: `No PTR record for ${ip.address}`, result }
    }
    return { status: 'ok', result }
  },
}
