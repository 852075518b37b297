// Who sent the message, as the headers say: the envelope sender's domain and the address that handed
// the message to the receiving side.
import type { AuthStatement, Hop } from '../../shared/tools/mail-headers/schema.ts'
import type { TargetPolicy } from '../net/policy.ts'

const domainOf = (address: string | undefined) => {
  const match = /@([a-z0-9.-]+\.[a-z0-9-]+)>?\s*$/i.exec(address?.trim() ?? '')
  return match?.[1]?.toLowerCase()
}

/** The envelope sender: Return-Path, else the envelope-from or smtp.mailfrom a receiver stated. */
export function envelopeSender(
  returnPath: string | undefined,
  auth: readonly AuthStatement[],
): { address: string; domain: string } | undefined {
  const stated = auth
    .flatMap((s) => s.results)
    .filter((r) => r.method === 'spf')
    .map((r) => /(?:smtp\.mailfrom|envelope-from)=("?)([^\s";]+)\1/i.exec(r.properties)?.[2])
  for (const candidate of [returnPath?.replace(/^<|>$/g, ''), ...stated]) {
    const domain = domainOf(candidate)
    if (candidate && domain) return { address: candidate.replace(/^<|>$/g, ''), domain }
  }
  return undefined
}

/**
 * The hop that brought the message in from outside: the newest hop whose sender address is one the
 * target policy calls external (private, loopback and the like are the receiving side's own).
 */
export function externalHop(hops: readonly Hop[], policy: TargetPolicy): Hop | undefined {
  return [...hops].reverse().find((hop) => hop.fromAddress && policy.check(hop.fromAddress).allowed)
}
