// Geolocation: the domain resolved once (policy-checked; nothing is sent to the target), the
// address located in the offline DB-IP database, with its origin AS.
import type { z } from 'zod'
import { geolocationContract } from '../../shared/tools/geolocation/index.ts'
import type { GeolocationResult, geolocationRequest } from '../../shared/tools/geolocation/schema.ts'
import { findNonPublicRange, type IpFacts, lookUpIpFacts } from '../ip-data/ip-facts.ts'
import type { IpLiteral } from '../net/ip-literal.ts'
import { parseIpLiteral, unwrapIpv4 } from '../net/ip-literal.ts'
import { type Diagnostic, failed } from '../types.ts'

type GeolocationRequest = z.infer<typeof geolocationRequest>

/** IPv4 first: it is what most sites are reached over and what DB-IP covers best. */
function pickAddress(addresses: IpLiteral[]): IpLiteral | undefined {
  return addresses.find((a) => a.family === 4) ?? addresses[0]
}

export interface GeolocationDeps {
  /** Location and network of an address from the offline data (default: the shipped databases). */
  lookUpIpFacts?: (address: IpLiteral) => Promise<IpFacts>
}

export function createGeolocationDiagnostic(
  deps: GeolocationDeps = {},
): Diagnostic<GeolocationRequest, GeolocationResult> {
  const lookUpFacts = deps.lookUpIpFacts ?? lookUpIpFacts
  return {
    ...geolocationContract,
    deadlineMs: 12_000,
    async run(request, ctx) {
      const query = request.input
      const given = parseIpLiteral(query)
      // An IPv6 form carrying an IPv4 address (::ffff:1.2.3.4, ::1.2.3.4) is located as that IPv4 address.
      const literal = given && unwrapIpv4(given)
      if (literal) {
        const range = findNonPublicRange(ctx.net.policy, literal.address)
        if (range) return failed('policy', `${literal.address} has no public location: ${range}`)
      }
      const resolution = await ctx.net.resolveTarget(literal ? literal.address : query, { signal: ctx.signal })
      if (!resolution.ok) return failed(resolution.failureSource, resolution.error)
      const address = pickAddress(resolution.addresses)
      if (!address) return failed('target', `${query} has no address`)
      let facts: IpFacts
      try {
        facts = await lookUpFacts(address)
      } catch (error) {
        // The databases are this server's own files: one that cannot be read says nothing of the address.
        const code = (error as NodeJS.ErrnoException).code
        return failed('server', `This server's IP location database could not be loaded${code ? ` (${code})` : ''}`)
      }
      if (!facts.location) return failed('target', `No location is known for ${address.address} in the DB-IP database`)
      return {
        status: 'ok',
        result: {
          query,
          ...(literal ? {} : { host: resolution.host }),
          ip: address.address,
          addresses: resolution.addresses.map((a) => a.address),
          location: facts.location,
          ...(facts.network ? { network: facts.network } : {}),
          attributions: facts.attributions,
        },
      }
    },
  }
}

export const geolocationDiagnostic = createGeolocationDiagnostic()
