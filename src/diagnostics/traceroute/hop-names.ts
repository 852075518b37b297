// Reverse names and origin ASes of hop addresses, each looked up once per run, in the background
// while mtr keeps probing.
import ipaddr from 'ipaddr.js'
import { getAsnIndex } from '../ip-data/asn-index.ts'
import type { IpLiteral } from '../net/ip-literal.ts'
import type { Net } from '../net/net.ts'

export interface HopAsn {
  number: number
  name: string
}

export type LookUpAsn = (address: IpLiteral) => Promise<HopAsn | undefined>

/** The reverse name from the configured resolver; undefined when there is none or no answer. */
export async function lookUpHopName(
  address: IpLiteral,
  net: Pick<Net, 'lookUpPtr'>,
  signal: AbortSignal,
): Promise<string | undefined> {
  const answer = await net.lookUpPtr(address, { signal, timeoutMs: 1500, attempts: 1 })
  return answer.answered ? answer.names[0] : undefined
}

/** Origin AS from the offline index, for public unicast addresses only. */
export const lookUpHopAsn: LookUpAsn = async (address) => {
  if (ipaddr.parse(address.address).range() !== 'unicast') return undefined
  try {
    const match = (await getAsnIndex()).lookup(address)
    return match ? { number: match.asn, name: match.name } : undefined
  } catch {
    return undefined
  }
}

export interface HopFacts {
  hostname?: string
  asn?: HopAsn
}

/** Starts both lookups for each new address; `settled()` waits for all of them. */
export function createHopFacts(options: {
  net: Pick<Net, 'lookUpPtr'>
  signal: AbortSignal
  lookUpAsn: LookUpAsn
  onFound: (address: string) => void
}) {
  const facts = new Map<string, HopFacts>()
  const pending: Promise<void>[] = []
  return {
    get: (address: string | null): HopFacts => (address ? (facts.get(address) ?? {}) : {}),
    learn(address: IpLiteral) {
      if (facts.has(address.address)) return
      const found: HopFacts = {}
      facts.set(address.address, found)
      const lookups = Promise.all([
        lookUpHopName(address, options.net, options.signal).then((name) => {
          if (name) found.hostname = name
        }),
        options.lookUpAsn(address).then((asn) => {
          if (asn) found.asn = asn
        }),
      ])
      pending.push(lookups.then(() => (found.hostname || found.asn ? options.onFound(address.address) : undefined)))
    },
    settled: () => Promise.all(pending).then(() => undefined),
  }
}
