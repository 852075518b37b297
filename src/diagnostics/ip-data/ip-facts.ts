// Offline facts about one address: where it is (DB-IP) and which AS announces it (ASN index).
// This is the one place the IP tools (geolocation, ASN check, abuse check, what-is-my-IP) take an
// address's country and origin AS from, so they never disagree about the same address.
import {
  ASN_DATA_ATTRIBUTION,
  type Attribution,
  DBIP_ATTRIBUTION,
  type IpLocation,
  type IpNetwork,
} from '../../shared/tools/ip-data.ts'
import { type IpLiteral, unwrapIpv4 } from '../net/ip-literal.ts'
import type { TargetPolicy } from '../net/policy.ts'
import { type AsnIndex, getAsnIndex } from './asn-index.ts'
import { lookUpLocation } from './geo-db.ts'

export interface IpFacts {
  location?: IpLocation
  network?: IpNetwork
  attributions: Attribution[]
}

/** The data files the facts come from (default: the shipped ones). */
export interface IpFactSources {
  asnIndex?: () => Promise<AsnIndex>
  lookUpLocation?: (address: IpLiteral) => Promise<IpLocation | undefined>
}

/** The facts, and which of this server's data files could not be read (each is the server's fault). */
export interface IpFactsReport extends IpFacts {
  unreadable: { location?: unknown; network?: unknown }
}

/** Never throws: a data file that cannot be read leaves its facts out and is named in `unreadable`. */
export async function readIpFacts(given: IpLiteral, sources: IpFactSources = {}): Promise<IpFactsReport> {
  // An IPv6 form carrying an IPv4 address (::ffff:1.2.3.4, ::1.2.3.4) is looked up as that IPv4 address.
  const address = unwrapIpv4(given)
  const [location, index] = await Promise.all([
    (sources.lookUpLocation ?? lookUpLocation)(address).then(
      (value) => ({ value }),
      (error: unknown) => ({ error }),
    ),
    (sources.asnIndex ?? getAsnIndex)().then(
      (value) => ({ value }),
      (error: unknown) => ({ error }),
    ),
  ])
  const found = 'value' in location ? location.value : undefined
  const network = 'value' in index ? index.value.lookup(address) : undefined
  const unreadable: IpFactsReport['unreadable'] = {}
  if ('error' in location) unreadable.location = location.error
  if ('error' in index) unreadable.network = index.error
  const attributions = [...(found ? [DBIP_ATTRIBUTION] : []), ...(network ? [ASN_DATA_ATTRIBUTION] : [])]
  return {
    ...(found ? { location: found } : {}),
    ...(network ? { network } : {}),
    attributions,
    unreadable,
  }
}

/** The facts; throws when a data file cannot be read. */
export async function lookUpIpFacts(given: IpLiteral): Promise<IpFacts> {
  const { unreadable, ...facts } = await readIpFacts(given)
  const error = unreadable.location ?? unreadable.network
  if (error !== undefined) throw error
  return facts
}

/** The range name when the target policy says the address is not a public one ("private network (RFC 1918)"). */
export function findNonPublicRange(policy: TargetPolicy, address: string): string | undefined {
  const decision = policy.check(address)
  return decision.allowed ? undefined : (decision.range ?? 'not a public address')
}
