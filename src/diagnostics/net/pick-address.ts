// The one address a single-target probe (ping, traceroute) is sent to, out of the user's host.
import type { FailureSource } from '../../shared/tools/tool-answer.ts'
import type { IpLiteral } from './ip-literal.ts'
import type { Net } from './net.ts'
import type { TargetResolution } from './resolve-target.ts'

type ResolvedTarget = Extract<TargetResolution, { ok: true }>

/** The first address of the asked family, else the first address at all. */
export function pickAddress(resolution: ResolvedTarget, family?: 4 | 6): IpLiteral | undefined {
  return resolution.addresses.find((a) => !family || a.family === family) ?? resolution.addresses[0]
}

export type ProbeTarget =
  | { ok: true; host: string; address: IpLiteral }
  | { ok: false; failureSource: FailureSource; error: string }

/** What a diagnostic's run context brings to the lookup. */
export interface ProbeLookup {
  net: Pick<Net, 'resolveTarget'>
  signal: AbortSignal
}

/**
 * Resolves the user's host (names: only the asked family, if any) and picks the address to probe;
 * `purpose` names the probe in the error ("ping", "trace").
 */
export async function resolveProbeTarget(
  { net, signal }: ProbeLookup,
  target: { host: string; family?: 4 | 6 },
  purpose: string,
): Promise<ProbeTarget> {
  const resolution = await net.resolveTarget(target.host, { signal, family: target.family ?? 'any' })
  if (!resolution.ok) return resolution
  const address = pickAddress(resolution, target.family)
  if (!address) return { ok: false, failureSource: 'target', error: `${resolution.host} has no address to ${purpose}` }
  return { ok: true, host: resolution.host, address }
}
