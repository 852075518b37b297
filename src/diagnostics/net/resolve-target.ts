// Turns a user's host (name or IP literal in any spelling) into checked addresses: resolved once
// through our own DNS client, every address checked against the target policy.
import type { RecordType } from 'dns-packet'
import type { FailureSource } from '../../shared/tools/tool-answer.ts'
import { DnsTimeoutError, exchangeDns } from './dns-client.ts'
import { type Endpoint, formatEndpoint } from './endpoint.ts'
import { type IpLiteral, parseIpLiteral } from './ip-literal.ts'
import type { TargetPolicy } from './policy.ts'

export type TargetResolution =
  | { ok: true; host: string; addresses: IpLiteral[] }
  | { ok: false; failureSource: FailureSource; error: string }

export interface ResolveOptions {
  signal: AbortSignal
  /** Which address families to look up for a name (default both). */
  family?: 4 | 6 | 'any'
}

async function lookup(name: string, type: RecordType, resolver: Endpoint, signal: AbortSignal) {
  const { response } = await exchangeDns({ name, type, server: resolver, signal })
  const rcode = (response as { rcode?: string }).rcode ?? 'NOERROR'
  const addresses = (response.answers ?? [])
    .filter((a) => a.type === type)
    .map((a) => parseIpLiteral(String((a as { data: unknown }).data)))
    .filter((a): a is IpLiteral => a !== null)
  return { rcode, addresses }
}

export async function resolveTarget(
  host: string,
  deps: { policy: TargetPolicy; resolver: Endpoint | undefined },
  options: ResolveOptions,
): Promise<TargetResolution> {
  const name = host.trim().replace(/\.$/, '').toLowerCase()
  const literal = parseIpLiteral(name)
  const checked = (addresses: IpLiteral[]): TargetResolution => {
    for (const address of addresses) {
      const decision = deps.policy.check(address.address)
      if (!decision.allowed) {
        const error = literal
          ? deps.policy.explain(decision)
          : `${name} resolves to ${decision.address}, which is not allowed: ${decision.range ?? 'denied'}`
        return { ok: false, failureSource: 'policy', error }
      }
    }
    return { ok: true, host: name, addresses }
  }
  if (literal) return checked([literal])

  const resolver = deps.resolver
  if (!resolver) return { ok: false, failureSource: 'server', error: 'No DNS resolver is configured on this server' }
  const family = options.family ?? 'any'
  const types: RecordType[] = family === 4 ? ['A'] : family === 6 ? ['AAAA'] : ['A', 'AAAA']
  const ours = `This server's resolver ${formatEndpoint(resolver)}`
  try {
    const answers = await Promise.all(types.map((type) => lookup(name, type, resolver, options.signal)))
    if (answers.some((a) => a.rcode === 'NXDOMAIN')) {
      return {
        ok: false,
        failureSource: 'target',
        error: `${name} does not exist (NXDOMAIN from resolver ${formatEndpoint(resolver)})`,
      }
    }
    // SERVFAIL from a recursive resolver may also mean the name's own servers are failing; what
    // we know for sure is that our resolver gave no answer, so it is reported as our side.
    const failed = answers.find((a) => a.rcode !== 'NOERROR')
    if (failed) return { ok: false, failureSource: 'server', error: `${ours} answered ${failed.rcode} for ${name}` }
    const addresses = answers.flatMap((a) => a.addresses)
    if (addresses.length === 0) {
      const kinds = types.join(' or ')
      return { ok: false, failureSource: 'target', error: `${name} has no ${kinds} records` }
    }
    return checked(addresses)
  } catch (error) {
    if (error instanceof DnsTimeoutError) {
      return { ok: false, failureSource: 'server', error: `${ours} did not answer for ${name}` }
    }
    const code = (error as NodeJS.ErrnoException).code
    return {
      ok: false,
      failureSource: 'server',
      error: `${ours} could not be asked about ${name}${code ? ` (${code})` : ''}`,
    }
  }
}
