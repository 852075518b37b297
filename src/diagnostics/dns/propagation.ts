// DNS propagation: one question asked at once of the public resolvers (DNS_PUBLIC_RESOLVERS, or the
// well-known list) and of every authoritative server of the name's zone, found by a delegation walk
// from the root like the trace. Each server has its own deadline; a row is streamed as it settles.
import { isIP } from 'node:net'
import { type DnsPropagation, summarisePropagation } from '../../shared/tools/dns/propagation.ts'
import { describePublicResolver, PUBLIC_RESOLVERS } from '../../shared/tools/dns/public-resolvers.ts'
import type { DnsTraceStep } from '../../shared/tools/dns/schema.ts'
import type { FailureSource } from '../../shared/tools/tool-answer.ts'
import { formatEndpoint, splitHostPort } from '../net/endpoint.ts'
import { absoluteName, isOwnersZone } from './dns-names.ts'
import { type AskedServer, askServer, type PropagationDeps, type Target } from './propagation-ask.ts'
import { compareZoneSerials } from './propagation-soa.ts'
import { walkDelegation } from './trace.ts'

/** Authoritative servers asked at most; name servers without glue resolved at most. */
const MAX_AUTHORITATIVE = 16
const MAX_GLUELESS = 4
/**
 * The delegation walk (and those for name servers without glue) may take this long, so that the
 * authoritative servers' own deadline still ends within the DNS tool's 15 s.
 */
const WALK_BUDGET_MS = 9000

/** The resolvers to ask: DNS_PUBLIC_RESOLVERS when set, named after a known provider when one matches. */
export function publicResolverTargets(entries: string[]): Target[] {
  if (entries.length === 0) {
    return PUBLIC_RESOLVERS.map((r) => ({
      role: 'resolver' as const,
      name: describePublicResolver(r),
      address: r.address,
      port: 53,
    }))
  }
  return entries.map((entry) => {
    const split = splitHostPort(entry, 53)
    if (!split || !isIP(split.host))
      throw new Error(`Public resolver must be an IP address with an optional port: ${entry}`)
    const known = PUBLIC_RESOLVERS.find((r) => r.address === split.host && split.port === 53)
    const name = known
      ? describePublicResolver(known)
      : `Resolver ${formatEndpoint({ address: split.host, port: split.port })}`
    return { role: 'resolver' as const, name, address: split.host, port: split.port }
  })
}

/** The last referral of a walk names the zone's servers: NS records, with their glue addresses. */
function lastReferral(steps: DnsTraceStep[]): DnsTraceStep | undefined {
  return steps.findLast((s) => s.outcome === 'referral')
}

interface Authority {
  zone?: string
  targets: Target[]
  error?: string
}

async function addressesOf(server: string, deps: PropagationDeps, signal: AbortSignal): Promise<string[]> {
  const found: string[] = []
  for (const type of ['A', 'AAAA']) {
    const walk = await walkDelegation(server, type, {
      net: deps.net,
      root: deps.root,
      dnssec: false,
      signal,
    })
    if (walk.ok) found.push(...walk.end.query.answers.filter((r) => r.type === type).map((r) => r.value))
  }
  return found
}

/** Every authoritative server of the name's zone, by a walk from the root (like the trace). */
async function findAuthority(name: string, type: string, deps: PropagationDeps): Promise<Authority> {
  const signal = AbortSignal.any([deps.signal, AbortSignal.timeout(WALK_BUDGET_MS)])
  const walk = await walkDelegation(name, type, { net: deps.net, root: deps.root, dnssec: false, signal })
  const referral = lastReferral(walk.steps)
  const port = deps.root.port
  if (!referral) {
    // The root hints answered for the name themselves: they are its authoritative servers.
    if (!walk.ok) return { targets: [], error: walk.error }
    const targets = deps.root.servers.flatMap((s) =>
      s.addresses.map((address) => ({ role: 'authoritative' as const, name: s.name ?? address, address, port })),
    )
    return { zone: '.', targets }
  }
  const zone = referral.referral ?? absoluteName(walk.ok ? walk.end.zone : '')
  const nameServers = referral.records.filter((r) => r.type === 'NS').map((r) => r.value.replace(/\.$/, ''))
  const targets: Target[] = []
  let glueless = 0
  for (const server of nameServers) {
    const glue = referral.glue
      .filter((g) => g.name.replace(/\.$/, '').toLowerCase() === server.toLowerCase())
      .map((g) => g.value)
    const addresses = glue.length > 0 ? glue : glueless++ < MAX_GLUELESS ? await addressesOf(server, deps, signal) : []
    if (addresses.length === 0) targets.push({ role: 'authoritative', name: server, address: '', port })
    for (const address of addresses) targets.push({ role: 'authoritative', name: server, address, port })
  }
  const onUsersBehalf = isOwnersZone(zone)
  return { zone, targets: targets.slice(0, MAX_AUTHORITATIVE).map((t) => ({ ...t, onUsersBehalf })) }
}

/** A name server whose address could not be found is a row too: it could not be asked. */
function unresolved(target: Target): AskedServer {
  return {
    row: {
      role: target.role,
      name: target.name,
      server: '',
      state: 'no-answer',
      answers: [],
      error: 'no address found for this name server',
    },
    failureSource: 'target',
  }
}

export interface PropagationRun {
  propagation: DnsPropagation
  /** Set when no server answered: whose failure that is, and why. */
  failure?: { failureSource: FailureSource; error: string }
}

function ask(name: string, type: string, targets: Target[], deps: PropagationDeps): Promise<AskedServer>[] {
  deps.onProgress({
    type,
    propagationPending: targets.map((t) => ({
      role: t.role,
      name: t.name,
      server: t.address ? formatEndpoint({ address: t.address, port: t.port }) : '',
    })),
  })
  return targets.map(async (target) => {
    const asked = target.address ? await askServer(name, type, target, deps) : unresolved(target)
    deps.onProgress({ propagationServer: asked.row })
    return asked
  })
}

export async function checkPropagation(name: string, type: string, deps: PropagationDeps): Promise<PropagationRun> {
  const resolvers = Promise.all(ask(name, type, publicResolverTargets(deps.publicResolvers), deps))
  const authority = await findAuthority(name, type, deps)
  const asked = ask(name, type, authority.targets, deps)
  // Each server that answered the question is then asked for the zone's SOA (propagation-soa.ts).
  const [authoritative, soa] = await Promise.all([
    Promise.all(asked),
    authority.zone && authority.targets.length > 0
      ? compareZoneSerials(authority.zone, authority.targets, asked, deps)
      : undefined,
  ])
  const rows = [...authoritative, ...(await resolvers)].map((a) => a.row)
  const authorityError =
    authority.error ?? (authority.targets.length === 0 ? 'the delegation names no server' : undefined)
  const propagation = summarisePropagation(type, rows, {
    ...(authority.zone ? { zone: authority.zone } : {}),
    ...(authorityError ? { authorityError } : {}),
  })
  if (soa) propagation.soa = soa
  if (propagation.answered > 0) return { propagation }
  const targets = [...publicResolverTargets(deps.publicResolvers), ...authority.targets]
  const denied = targets.every((t) => t.address && !deps.net.checkEndpoint(t.address, t.port).ok)
  return {
    propagation,
    failure: {
      failureSource: denied ? 'policy' : 'target',
      error: `No server answered for ${name} ${type}`,
    },
  }
}
