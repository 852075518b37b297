// The outbound network facade handed to every diagnostic: the target policy and the resolvers.
import dns from 'node:dns'
import { isIP } from 'node:net'
import { type Endpoint, formatEndpoint, splitHostPort } from './endpoint.ts'
import { parseIpLiteral } from './ip-literal.ts'
import { createTargetPolicy, type TargetPolicy } from './policy.ts'
import { type ResolveOptions, resolveTarget, type TargetResolution } from './resolve-target.ts'

export interface Net {
  policy: TargetPolicy
  /** Resolvers used when the user names none: DNS_SERVERS, else the system's. Operator-chosen, so not policy-checked. */
  resolvers: Endpoint[]
  /** Parses a user-supplied "ip[:port]" and checks the address against the target policy. */
  checkEndpoint(text: string, defaultPort: number): EndpointCheck
  /** Resolves a user's host once and checks every address (see resolve-target.ts). */
  resolveTarget(host: string, options: ResolveOptions): Promise<TargetResolution>
}

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
}

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
  return {
    policy,
    resolvers,
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
    resolveTarget: (host, resolveOptions) => resolveTarget(host, { policy, resolvers }, resolveOptions),
  }
}

export { formatEndpoint }
