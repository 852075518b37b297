// Ping: the system ping (ICMP echo) on the policy-checked address, replies streamed as they come;
// or timed TCP connections when chosen, or when ICMP is not available on this server.
import type { z } from 'zod'
import { pingContract } from '../../shared/tools/ping/index.ts'
import {
  PING_COUNT_DEFAULT,
  type PingProgress,
  type PingReply,
  type PingResult,
  type pingRequest,
  TCP_PING_DEFAULT_PORT,
} from '../../shared/tools/ping/schema.ts'
import { connectTcp } from '../net/guarded-connect.ts'
import type { IpLiteral } from '../net/ip-literal.ts'
import { BinaryMissingError, type Launcher, launchBinary } from '../net/launch-binary.ts'
import { resolveProbeTarget } from '../net/pick-address.ts'
import { type Diagnostic, failed, type Outcome, type RunContext } from '../types.ts'
import { buildPingArgs } from './args.ts'
import { icmpUnavailable, parsePing, parsePingLine } from './parse.ts'
import { type Connect, runTcpPing, summarizeReplies } from './tcp-ping.ts'

type PingRequest = z.infer<typeof pingRequest>

export interface PingDeps {
  launch?: Launcher
  /** The ping binary (default "ping" on PATH). */
  binary?: string
  /** Replaces the guarded TCP connect (tests). */
  connect?: Connect
  /** Seconds between probes, ICMP or TCP (default 1). */
  intervalSec?: number
}

const REPLY_WAIT_SEC = 2
const TCP_TIMEOUT_MS = 2000

interface Target {
  host: string
  address: IpLiteral
  count: number
}

type Probe = Omit<PingResult, 'host' | 'address' | 'family'>
/** `deniedHere`: this machine refused every connection itself, see runTcpPing. */
type TcpProbe = { probe: Probe; deniedHere: boolean }

/** "ping could not be started (EACCES)": the binary is there but this server cannot run it. */
function describeLaunchError(binary: string, error: unknown): string {
  const code = ((error as Error).cause as NodeJS.ErrnoException | undefined)?.code
  return `${binary} could not be started${code ? ` (${code})` : ''}`
}

async function pingIcmp(
  target: Target,
  ctx: RunContext,
  deps: Required<Omit<PingDeps, 'connect'>>,
): Promise<Probe | 'unavailable' | { failure: string }> {
  const report = (reply: PingReply) => ctx.progress({ type: 'reply', reply } satisfies PingProgress)
  const args = buildPingArgs({
    address: target.address,
    count: target.count,
    intervalSec: deps.intervalSec,
    replyWaitSec: REPLY_WAIT_SEC,
  })
  let outcome: Awaited<ReturnType<Launcher>>
  try {
    outcome = await deps.launch(deps.binary, args, {
      signal: ctx.signal,
      timeoutMs: (target.count * deps.intervalSec + REPLY_WAIT_SEC + 3) * 1000,
      onLine(line) {
        const event = parsePingLine(line)
        if (event?.kind === 'reply') report(event.reply)
        else if (event?.kind === 'pending') report({ seq: event.seq, status: 'timeout' })
      },
    })
  } catch (error) {
    if (error instanceof BinaryMissingError) return 'unavailable'
    return { failure: describeLaunchError(deps.binary, error) }
  }
  const parsed = parsePing(`${outcome.stdout}\n${outcome.stderr}`)
  if (icmpUnavailable(parsed)) return 'unavailable'
  if (parsed.host === undefined && parsed.failures.length > 0) return { failure: parsed.failures.join('; ') }
  const sent = Math.max(0, ...parsed.replies.map((r) => r.seq))
  return {
    mode: 'icmp',
    payloadBytes: parsed.payloadBytes ?? 56,
    replies: parsed.replies,
    summary: parsed.summary ?? summarizeReplies(parsed.replies, sent, null),
    notes: outcome.killed ? ['ping was stopped before it finished'] : [],
  }
}

async function pingTcp(
  target: Target,
  port: number,
  ctx: RunContext,
  connect: Connect,
  intervalSec: number,
): Promise<TcpProbe> {
  const { replies, summary, deniedHere } = await runTcpPing({
    address: target.address,
    port,
    count: target.count,
    intervalMs: intervalSec * 1000,
    timeoutMs: TCP_TIMEOUT_MS,
    signal: ctx.signal,
    connect,
    onReply: (reply) => ctx.progress({ type: 'reply', reply } satisfies PingProgress),
  })
  return { probe: { mode: 'tcp', port, replies, summary, notes: [] }, deniedHere }
}

/** ICMP, or timed TCP connections when ICMP is not available on this server. */
async function pingIcmpOrTcp(
  target: Target,
  port: number,
  ctx: RunContext,
  connect: Connect,
  icmpDeps: Required<Omit<PingDeps, 'connect'>>,
  announceTcp: () => void,
): Promise<TcpProbe | { failure: string }> {
  const icmp = await pingIcmp(target, ctx, icmpDeps)
  if (icmp === 'unavailable') {
    announceTcp()
    const tcp = await pingTcp(target, port, ctx, connect, icmpDeps.intervalSec)
    tcp.probe.notes.push(`ICMP ping is not available on this server; timed TCP connections to port ${port} instead.`)
    return tcp
  }
  return 'failure' in icmp ? icmp : { probe: icmp, deniedHere: false }
}

function verdict(result: PingResult): Outcome<PingResult> {
  if (result.summary.received > 0) return { status: 'ok', result }
  const firstError = result.replies.find((r) => r.status === 'error')?.detail
  const error = `No reply from ${result.address}${firstError ? `: ${firstError}` : ''} (100% packet loss)`
  return { status: 'failed', failureSource: 'target', error, result }
}

export function createPingDiagnostic(deps: PingDeps = {}): Diagnostic<PingRequest, PingResult> {
  const icmpDeps = {
    launch: deps.launch ?? launchBinary,
    binary: deps.binary ?? 'ping',
    intervalSec: deps.intervalSec ?? 1,
  }
  return {
    ...pingContract,
    deadlineMs: 30_000,
    async run(request, ctx) {
      const options = request.options ?? {}
      const resolved = await resolveProbeTarget(ctx, { host: request.input, family: options.family }, 'ping')
      if (!resolved.ok) return failed(resolved.failureSource, resolved.error)
      const { address } = resolved
      const target: Target = { host: resolved.host, address, count: options.count ?? PING_COUNT_DEFAULT }
      const port = options.port ?? TCP_PING_DEFAULT_PORT
      const connect = deps.connect ?? ((o) => connectTcp(ctx.net.policy, o))
      const announce = (mode: PingResult['mode']) =>
        ctx.progress({
          type: 'start',
          host: target.host,
          address: address.address,
          family: address.family,
          mode,
          count: target.count,
          ...(mode === 'tcp' ? { port } : {}),
        } satisfies PingProgress)

      announce(options.mode ?? 'icmp')
      const probed =
        options.mode === 'tcp'
          ? await pingTcp(target, port, ctx, connect, icmpDeps.intervalSec)
          : await pingIcmpOrTcp(target, port, ctx, connect, icmpDeps, () => announce('tcp'))
      if ('failure' in probed) {
        // ping gave up before sending (no route, no permission, a binary that would not start):
        // this server's side, not the target.
        return failed('server', `This server could not ping ${address.address}: ${probed.failure}`)
      }
      const result: PingResult = {
        host: target.host,
        address: address.address,
        family: address.family,
        ...probed.probe,
      }
      if (probed.deniedHere) {
        // This machine refused every connection itself (its firewall, a missing privilege): no probe left it.
        const detail = result.replies[0]?.detail ?? 'denied'
        const error = `This server may not open connections to ${address.address} port ${port}: ${detail}`
        return { status: 'failed', failureSource: 'server', error, result }
      }
      return verdict(result)
    },
  }
}

export const pingDiagnostic = createPingDiagnostic()
