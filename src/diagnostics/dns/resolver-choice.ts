// Which resolver a lookup asks: a custom server, a well-known public resolver, or this server's own.
import { describePublicResolver, findPublicResolver, SYSTEM_RESOLVER } from '../../shared/tools/dns/schema.ts'
import type { Endpoint } from '../net/endpoint.ts'
import type { Net } from '../net/net.ts'
import { failed, type Outcome } from '../types.ts'

export interface ChosenResolver {
  endpoint: Endpoint
  /** For people: "System resolver", "Cloudflare (1.1.1.1)", "Custom server". */
  label: string
  /**
   * Whose resolver it is: this server's own (DNS_SERVERS or the system's), one of the public
   * resolvers this server offers by name, or a name server the user typed.
   */
  origin: 'system' | 'public' | 'custom'
}

export const SYSTEM_RESOLVER_LABEL = 'System resolver'
export const CUSTOM_SERVER_LABEL = 'Custom server'

/**
 * A custom server and a public resolver are checked against the target policy like any target;
 * the configured resolvers are the operator's choice and are used as they are.
 */
export function chooseResolver(
  options: { server?: string; resolver?: string },
  net: Pick<Net, 'checkEndpoint' | 'resolver'>,
): ChosenResolver | Outcome<never> {
  if (options.server) {
    const checked = net.checkEndpoint(options.server, 53)
    if (!checked.ok) return failed('policy', checked.error)
    return { endpoint: checked.endpoint, label: CUSTOM_SERVER_LABEL, origin: 'custom' }
  }
  if (options.resolver && options.resolver !== SYSTEM_RESOLVER) {
    const known = findPublicResolver(options.resolver)
    if (!known) return failed('server', `Unknown public resolver: ${options.resolver}`)
    const checked = net.checkEndpoint(known.address, 53)
    if (!checked.ok) return failed('policy', checked.error)
    return { endpoint: checked.endpoint, label: describePublicResolver(known), origin: 'public' }
  }
  const first = net.resolver
  if (!first) return failed('server', 'No DNS resolver is configured on this server')
  return { endpoint: first, label: SYSTEM_RESOLVER_LABEL, origin: 'system' }
}
