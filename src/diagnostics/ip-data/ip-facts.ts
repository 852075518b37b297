// Offline facts about one address: where it is (DB-IP) and which AS announces it (ASN index).
import {
  ASN_DATA_ATTRIBUTION,
  type Attribution,
  DBIP_ATTRIBUTION,
  type IpLocation,
  type IpNetwork,
} from '../../shared/tools/ip-data.ts'
import { type IpLiteral, unwrapIpv4 } from '../net/ip-literal.ts'
import type { TargetPolicy } from '../net/policy.ts'
import { getAsnIndex } from './asn-index.ts'
import { lookUpLocation } from './geo-db.ts'

export interface IpFacts {
  location?: IpLocation
  network?: IpNetwork
  attributions: Attribution[]
}

export async function lookUpIpFacts(given: IpLiteral): Promise<IpFacts> {
  // An IPv6 form carrying an IPv4 address (::ffff:1.2.3.4, ::1.2.3.4) is located as that IPv4 address.
  const address = unwrapIpv4(given)
  const [location, index] = await Promise.all([lookUpLocation(address), getAsnIndex()])
  const network = index.lookup(address)
  const attributions = [...(location ? [DBIP_ATTRIBUTION] : []), ...(network ? [ASN_DATA_ATTRIBUTION] : [])]
  return { location, network, attributions }
}

/** The range name when the target policy says the address is not a public one ("private network (RFC 1918)"). */
export function findNonPublicRange(policy: TargetPolicy, address: string): string | undefined {
  const decision = policy.check(address)
  return decision.allowed ? undefined : (decision.range ?? 'not a public address')
}
