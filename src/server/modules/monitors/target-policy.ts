// No monitor on a refused target, and no webhook to one: the same target policy as the tools, checked
// when a monitor is created or changed (each check and each delivery checks it again).
import { parseIpLiteral } from '../../../diagnostics/net/ip-literal.ts'
import type { Net } from '../../../diagnostics/net/net.ts'
import type { MonitorKind } from '../../../shared/monitors.ts'

const LOOKUP_TIMEOUT_MS = 5000

/** The host a kind connects to: SSL's host of host[:port], the website's URL host, ping's host. */
function connectedHost(kind: MonitorKind, target: string): string | null {
  if (kind === 'ssl') return /^([^:]+)/.exec(target)?.[1] ?? target
  if (kind === 'website') {
    const host = new URL(target).hostname
    return host.startsWith('[') ? host.slice(1, -1) : host
  }
  if (kind === 'ping') return target
  return null
}

/** Why the policy refuses a host (a name: any of its addresses), or null. Lookup failures are not refusals. */
async function refusal(net: Pick<Net, 'resolveTarget'>, host: string): Promise<string | null> {
  const resolved = await net.resolveTarget(host, { signal: AbortSignal.timeout(LOOKUP_TIMEOUT_MS) })
  return !resolved.ok && resolved.failureSource === 'policy' ? resolved.error : null
}

/**
 * The refusal of a monitor's target: the hosts that SSL, website and ping monitors connect to, and
 * the address a mail or block-list monitor names (their names are looked up, not connected to).
 */
export async function targetRefusal(
  net: Pick<Net, 'resolveTarget' | 'policy'>,
  kind: MonitorKind,
  target: string,
): Promise<string | null> {
  const host = connectedHost(kind, target)
  if (host !== null) return refusal(net, host)
  // A name is judged where the tool connects (the MX hosts), or not at all (block lists look it up).
  if ((kind === 'mail' || kind === 'blacklist') && parseIpLiteral(target)) {
    const decision = net.policy.check(target)
    if (!decision.allowed) return net.policy.explain(decision)
  }
  return null
}

export async function webhookRefusal(net: Pick<Net, 'resolveTarget'>, url: string): Promise<string | null> {
  const host = new URL(url).hostname
  const refused = await refusal(net, host.startsWith('[') ? host.slice(1, -1) : host)
  return refused ? `Webhook URL refused: ${refused}` : null
}
