// The outbound network facade handed to every diagnostic: the target policy, the resolvers and
// the DNS helpers that ask them. No diagnostic picks a resolver or builds a DNS client of its own.
import dns from 'node:dns'
import { isIP } from 'node:net'
import { createDestinationBudget, DestinationBudgetError } from './destination-budget.ts'
import { type DnsExchange, type DnsQuestion, exchangeDns } from './dns-client.ts'
import { type Endpoint, formatEndpoint, splitHostPort } from './endpoint.ts'
import { type IpLiteral, parseIpLiteral } from './ip-literal.ts'
import { createTargetPolicy, type TargetPolicy } from './policy.ts'
import { createRecordResolver, type RecordResolver } from './record-resolver.ts'
import { type ResolveOptions, resolveTarget, type TargetResolution } from './resolve-target.ts'
import { lookUpPtr, type PtrLookup, type PtrLookupOptions } from './reverse-dns.ts'

export interface Net {
  policy: TargetPolicy
  /** Resolvers used when the user names none: DNS_SERVERS, else the system's. Operator-chosen, so not policy-checked. */
  resolvers: Endpoint[]
  /** The resolver our own lookups ask: the first of `resolvers`; undefined when none is configured. */
  resolver: Endpoint | undefined
  /** Parses a user-supplied "ip[:port]" and checks the address against the target policy. */
  checkEndpoint(text: string, defaultPort: number): EndpointCheck
  /** Resolves a user's host once and checks every address (see resolve-target.ts). */
  resolveTarget(host: string, options: ResolveOptions): Promise<TargetResolution>
  /** One DNS question through our own DNS client, to `server` when given (a user's, a block list's own), else to `resolver`. */
  askDns(question: DnsAsk): Promise<DnsExchange>
  /** The PTR records of an address, asked of `resolver` (see reverse-dns.ts). */
  lookUpPtr(ip: IpLiteral, options: PtrLookupOptions): Promise<PtrLookup>
  /** A node:dns-shaped resolver over `resolvers` for one run, caching its answers (record-resolver.ts). */
  createRecordResolver(options: { signal: AbortSignal; timeoutMs?: number }): RecordResolver
}

export type DnsAsk = Omit<DnsQuestion, 'server' | 'beforeSend'> & {
  server?: Endpoint
  /**
   * The server was chosen by the user or by a zone the user names (a custom resolver, a delegated
   * name server): each packet is drawn from the address's destination budget (destination-budget.ts),
   * and a spent budget is a DestinationBudgetError instead of a packet.
   */
  onUsersBehalf?: boolean
  /** Called for each packet sent (runs count what they cause). */
  onPacket?: () => void
}

/** A DNS question with no server to go to: none was given and no resolver is configured. */
export class NoResolverError extends Error {}

export type EndpointCheck =
  | { ok: true; endpoint: Endpoint }
  | { ok: false; reason: 'invalid' | 'policy'; error: string }

export interface NetOptions {
  targetAllow: string[]
  dnsServers: string[]
  /** Replaces the machine's own interface addresses (tests). */
  ownAddresses?: string[]
  /** Replaces the system resolver list (tests). */
  systemResolvers?: string[]
  /** DNS packets sent on users' behalf to one address per minute (DNS_PACKETS_PER_DESTINATION). */
  packetsPerDestination?: number
}

/** The default per-destination budget: a propagation check asks each address at most twice. */
export const DEFAULT_PACKETS_PER_DESTINATION = 30

function parseResolvers(list: string[]): Endpoint[] {
  return list.map((text) => {
    const split = splitHostPort(text, 53)
    if (!split || !isIP(split.host)) throw new Error(`DNS server must be an IP address with an optional port: ${text}`)
    return { address: split.host, port: split.port }
  })
}

export function createNet(options: NetOptions): Net {
  const policy = createTargetPolicy({ allow: options.targetAllow, ownAddresses: options.ownAddresses })
  const configured = options.dnsServers.length > 0 ? options.dnsServers : (options.systemResolvers ?? dns.getServers())
  const resolvers = parseResolvers(configured)
  const resolver = resolvers[0]
  const budget = createDestinationBudget({
    packetsPerWindow: options.packetsPerDestination ?? DEFAULT_PACKETS_PER_DESTINATION,
  })
  return {
    policy,
    resolvers,
    resolver,
    checkEndpoint(text, defaultPort) {
      const split = splitHostPort(text, defaultPort)
      const literal = split ? parseIpLiteral(split.host) : null
      if (!split || !literal) {
        return { ok: false, reason: 'invalid', error: `${text} is not an IP address with an optional port` }
      }
      const decision = policy.check(literal.address)
      if (!decision.allowed) return { ok: false, reason: 'policy', error: policy.explain(decision) }
      return { ok: true, endpoint: { address: literal.address, port: split.port } }
    },
    resolveTarget: (host, resolveOptions) => resolveTarget(host, { policy, resolver }, resolveOptions),
    askDns({ onUsersBehalf, onPacket, ...question }) {
      const server = question.server ?? resolver
      if (!server) return Promise.reject(new NoResolverError('No DNS resolver is configured on this server'))
      const beforeSend = () => {
        if (onUsersBehalf) {
          const taken = budget.take(server.address)
          if (!taken.ok) throw new DestinationBudgetError(taken.asked)
        }
        onPacket?.()
      }
      return exchangeDns({ ...question, server, beforeSend })
    },
    lookUpPtr: (ip, ptrOptions) => lookUpPtr(ip, resolver, ptrOptions),
    createRecordResolver: (recordOptions) => createRecordResolver({ resolvers, ...recordOptions }),
  }
}

export { formatEndpoint }
