// Traceroute: mtr in raw mode on the policy-checked address; hops stream as mtr discovers them,
// with reverse names (our DNS client) and origin ASes (offline index) added as they are found.
import type { z } from 'zod'
import { tracerouteContract } from '../../shared/tools/traceroute/index.ts'
import {
  TRACEROUTE_COUNT_DEFAULT,
  TRACEROUTE_MAX_HOPS,
  TRACEROUTE_PACKET_BYTES,
  type TracerouteHop,
  type TracerouteProgress,
  type TracerouteResult,
  type tracerouteRequest,
} from '../../shared/tools/traceroute/schema.ts'
import { parseIpLiteral } from '../net/ip-literal.ts'
import { BinaryMissingError, type Launcher, type LaunchOptions, launchBinary } from '../net/launch-binary.ts'
import { resolveProbeTarget } from '../net/pick-address.ts'
import { type Diagnostic, failed, type Outcome } from '../types.ts'
import { buildMtrArgs } from './args.ts'
import { createHopFacts, type LookUpAsn, lookUpHopAsn } from './hop-names.ts'
import { createMtrTrace, parseMtrFailure, parseMtrLine } from './parse.ts'

type TracerouteRequest = z.infer<typeof tracerouteRequest>

export interface TracerouteDeps {
  launch?: Launcher
  /** The mtr binary (default "mtr" on PATH). */
  binary?: string
  /** Seconds between rounds of probes (default 1). */
  intervalSec?: number
  /** Seconds mtr waits for late replies after the last round (default 2). */
  graceSec?: number
  lookUpAsn?: LookUpAsn
}

const DEFAULT_PORTS = { icmp: undefined, udp: 33434, tcp: 80 } as const

function verdict(result: TracerouteResult, failures: string[]): Outcome<TracerouteResult> {
  if (result.hops.some((hop) => hop.address !== null)) return { status: 'ok', result }
  // mtr gave up before probing (no route, no permission): this server's side, not the target.
  if (failures.length > 0)
    return failed('server', `This server could not trace ${result.address}: ${failures.join('; ')}`)
  return { status: 'failed', failureSource: 'target', error: `No hop on the way to ${result.address} answered`, result }
}

/**
 * Runs mtr; a binary that is missing or will not start is this server's failure, returned as the
 * reason ("mtr is not installed") rather than thrown.
 */
async function launchOrExplain(
  ...[launch, file, args, options]: [Launcher, string, readonly string[], LaunchOptions]
): Promise<{ failure: string } | null> {
  try {
    await launch(file, args, options)
    return null
  } catch (error) {
    if (error instanceof BinaryMissingError) return { failure: `${file} is not installed` }
    const code = ((error as Error).cause as NodeJS.ErrnoException | undefined)?.code
    return { failure: `${file} could not be started${code ? ` (${code})` : ''}` }
  }
}

export function createTracerouteDiagnostic(deps: TracerouteDeps = {}): Diagnostic<TracerouteRequest, TracerouteResult> {
  const launch = deps.launch ?? launchBinary
  const intervalSec = deps.intervalSec ?? 1
  const graceSec = deps.graceSec ?? 2
  return {
    ...tracerouteContract,
    deadlineMs: 45_000,
    async run(request, ctx) {
      const options = request.options ?? {}
      const resolved = await resolveProbeTarget(ctx, { host: request.input, family: options.family }, 'trace')
      if (!resolved.ok) return failed(resolved.failureSource, resolved.error)
      const { address } = resolved
      const protocol = options.protocol ?? 'icmp'
      const port = protocol === 'icmp' ? undefined : (options.port ?? DEFAULT_PORTS[protocol])
      const count = options.count ?? TRACEROUTE_COUNT_DEFAULT
      const base = {
        host: resolved.host,
        address: address.address,
        family: address.family,
        protocol,
        maxHops: TRACEROUTE_MAX_HOPS,
        packetBytes: TRACEROUTE_PACKET_BYTES,
      }
      ctx.progress({ type: 'start', ...base } satisfies TracerouteProgress)

      const trace = createMtrTrace(address.address)
      const latest = new Map<number, TracerouteHop>()
      const facts = createHopFacts({
        net: ctx.net,
        signal: ctx.signal,
        lookUpAsn: deps.lookUpAsn ?? lookUpHopAsn,
        onFound: (found) => {
          for (const hop of latest.values()) if (hop.address === found) report(hop)
        },
      })
      const report = (hop: TracerouteHop) => {
        latest.set(hop.hop, hop)
        ctx.progress({ type: 'hop', hop: { ...hop, ...facts.get(hop.address) } } satisfies TracerouteProgress)
      }
      const failures: string[] = []
      const args = buildMtrArgs({
        address,
        count,
        maxHops: TRACEROUTE_MAX_HOPS,
        packetBytes: TRACEROUTE_PACKET_BYTES,
        intervalSec,
        graceSec,
        protocol,
        port,
      })
      const launched = await launchOrExplain(launch, deps.binary ?? 'mtr', args, {
        signal: ctx.signal,
        timeoutMs: (count * intervalSec + graceSec + 5) * 1000,
        onLine(line, stream) {
          const failure = stream === 'stderr' ? parseMtrFailure(line) : null
          if (failure) failures.push(failure)
          const event = parseMtrLine(line)
          if (!event) return
          if (event.kind === 'host') {
            const literal = parseIpLiteral(event.address)
            if (literal) facts.learn(literal)
          }
          const changed = trace.push(event)
          if (changed) report(changed)
        },
      })
      await facts.settled()
      if (launched) return failed('server', `This server could not trace ${address.address}: ${launched.failure}`)
      const { hops, reached } = trace.result()
      const result: TracerouteResult = {
        ...base,
        ...(port === undefined ? {} : { port }),
        probesPerHop: count,
        reached,
        hops: hops.map((hop) => ({ ...hop, ...facts.get(hop.address) })),
      }
      return verdict(result, failures)
    },
  }
}

export const tracerouteDiagnostic = createTracerouteDiagnostic()
