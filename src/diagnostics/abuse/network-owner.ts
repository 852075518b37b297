// Who runs an address: the origin AS from the offline ASN index, and the registry's country and
// abuse mailbox from RDAP. Both are injectable; a source that cannot answer leaves its fields null.
import { getAsnIndex } from '../ip-data/asn-index.ts'
import type { IpLiteral } from '../net/ip-literal.ts'
import type { Net } from '../net/net.ts'
import type { RdapClient } from '../rdap/rdap-client.ts'
import { readRdapFields } from '../rdap/rdap-fields.ts'

export type NetworkLookup = (address: IpLiteral) => Promise<{ org: string } | null>

export interface RegistryContact {
  email: string | null
  country: string | null
  /** Why the registry could not tell, when it could not. */
  error?: string
}

export type AbuseContactLookup = (
  address: IpLiteral,
  context: { net: Pick<Net, 'policy' | 'resolveTarget'>; signal: AbortSignal },
) => Promise<RegistryContact>

/** "GOOGLE (AS15169)" from the offline index. */
export const asnNetworkLookup: NetworkLookup = async (address) => {
  const match = (await getAsnIndex()).lookup(address)
  if (!match) return null
  return { org: match.name ? `${match.name} (AS${match.asn})` : `AS${match.asn}` }
}

/** The abuse mailbox and country of the address block, from RDAP (IANA bootstrap). */
export function createRdapAbuseContact(client: RdapClient, options: { timeoutMs?: number } = {}): AbuseContactLookup {
  return async (address, context) => {
    const answer = await client.lookup({ kind: 'ip', address }, { ...context, timeoutMs: options.timeoutMs ?? 6000 })
    if (!answer.ok) return { email: null, country: null, error: answer.error }
    const fields = readRdapFields(answer.data)
    return { email: fields.abuseContact?.email ?? null, country: fields.country ?? null }
  }
}
