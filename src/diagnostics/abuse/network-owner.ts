// Who runs an address: the origin AS and country from the shared IP facts, and the registry's
// abuse mailbox from RDAP. Both are injectable; a source that cannot answer leaves its fields null.
import { readIpFacts } from '../ip-data/ip-facts.ts'
import type { IpLiteral } from '../net/ip-literal.ts'
import type { Net } from '../net/net.ts'
import type { RdapClient } from '../rdap/rdap-client.ts'
import { readRdapFields } from '../rdap/rdap-fields.ts'

/** The network's owner ("GOOGLE (AS15169)") and the address's country code, from the shared IP facts. */
export type NetworkLookup = (address: IpLiteral) => Promise<{ org: string | null; country: string | null } | null>

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

/** Origin AS and country from readIpFacts, the function every IP tool takes these facts from. */
export const ipFactsNetworkLookup: NetworkLookup = async (address) => {
  const facts = await readIpFacts(address)
  const error = facts.unreadable.network ?? facts.unreadable.location
  if (error !== undefined) throw error
  const match = facts.network
  const country = facts.location?.countryCode ?? null
  if (!match) return country ? { org: null, country } : null
  return { org: match.name ? `${match.name} (AS${match.asn})` : `AS${match.asn}`, country }
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
