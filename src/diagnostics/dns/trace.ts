// A dig +trace style walk: from the root servers, follow referrals (NS + glue) down to the servers
// authoritative for the name. Every address asked passes the target policy first.

import type { DnsQueryResult, DnsTraceStep } from '../../shared/tools/dns/schema.ts'
import type { FailureSource } from '../../shared/tools/tool-answer.ts'
import { DnsTimeoutError } from '../net/dns-client.ts'
import { type Endpoint, formatEndpoint } from '../net/endpoint.ts'
import type { Net } from '../net/net.ts'
import { classifyReply, type ReplyMeaning } from './classify-reply.ts'
import { absoluteName, isOwnersZone } from './dns-names.ts'
import { queryDns } from './query.ts'
import type { NameServer, RootHints } from './root-hints.ts'

const MAX_REFERRALS = 16
/** Servers asked per zone before the walk gives up on it. */
const MAX_TRIES_PER_ZONE = 3
/** Addresses considered per zone, counting those the policy denies. */
const MAX_ADDRESSES_PER_ZONE = 6
/** Walks nested to find glueless name servers' addresses. */
const MAX_NESTING = 2
const QUERY_TIMEOUT_MS = 1500

export interface WalkDeps {
  net: Pick<Net, 'checkEndpoint' | 'askDns'>
  root: RootHints
  dnssec: boolean
  signal: AbortSignal
  onStep?: (step: DnsTraceStep) => void
}

export interface WalkEnd {
  endpoint: Endpoint
  zone: string
  query: DnsQueryResult
}

export type WalkResult =
  | { ok: true; steps: DnsTraceStep[]; end: WalkEnd }
  | { ok: false; steps: DnsTraceStep[]; failureSource: FailureSource; error: string }

type Asked =
  | { ok: true; meaning: Exclude<ReplyMeaning, { kind: 'unusable' }>; end: WalkEnd }
  | { ok: false; failureSource: FailureSource; error: string }

const ipv4First = (addresses: string[]) =>
  [...addresses].sort((a, b) => Number(a.includes(':')) - Number(b.includes(':')))

function describeError(error: unknown): string {
  if (error instanceof DnsTimeoutError) return 'timeout'
  const code = (error as NodeJS.ErrnoException).code
  return code ?? (error instanceof Error ? error.message : 'query failed')
}

class Walk {
  readonly steps: DnsTraceStep[] = []
  private notes: string[] = []
  private readonly deps: WalkDeps
  private readonly depth: number

  constructor(deps: WalkDeps, depth: number) {
    this.deps = deps
    this.depth = depth
  }

  private record(step: Omit<DnsTraceStep, 'notes'>): DnsTraceStep {
    const full = { ...step, notes: this.notes }
    this.notes = []
    this.steps.push(full)
    this.deps.onStep?.(full)
    return full
  }

  /** Addresses of a name server that came without glue, found by a walk of its own. */
  private async findAddresses(server: NameServer): Promise<string[]> {
    if (!server.name) return []
    if (this.depth >= MAX_NESTING) {
      this.notes.push(`${server.name} has no glue; not resolved (too many nested lookups)`)
      return []
    }
    const addresses: string[] = []
    for (const type of ['A', 'AAAA']) {
      const nested = await new Walk({ ...this.deps, onStep: undefined }, this.depth + 1).run(server.name, type)
      if (nested.ok) addresses.push(...nested.end.query.answers.filter((r) => r.type === type).map((r) => r.value))
      if (addresses.length > 0) break
    }
    this.notes.push(
      addresses.length > 0
        ? `${server.name} has no glue: ${addresses.join(', ')} found by a separate walk from the root`
        : `${server.name} has no glue and no address could be found for it`,
    )
    return addresses
  }

  /** Asks the zone's servers in turn until one gives a usable reply. */
  private async askZone(zone: string, servers: NameServer[], name: string, type: string): Promise<Asked> {
    let tries = 0
    let considered = 0
    let policyError: string | undefined
    const exhausted = () =>
      tries >= MAX_TRIES_PER_ZONE || considered >= MAX_ADDRESSES_PER_ZONE || this.deps.signal.aborted
    for (const server of servers) {
      if (exhausted()) break
      const addresses = server.addresses.length > 0 ? server.addresses : await this.findAddresses(server)
      for (const address of ipv4First(addresses)) {
        if (exhausted()) break
        considered++
        const base = { zone: absoluteName(zone), serverName: server.name, records: [], glue: [] }
        const checked = this.deps.net.checkEndpoint(address, this.deps.root.port)
        if (!checked.ok) {
          policyError ??= checked.error
          this.record({
            ...base,
            server: formatEndpoint({ address, port: this.deps.root.port }),
            outcome: 'failed',
            error: checked.error,
          })
          continue
        }
        tries++
        const where = formatEndpoint(checked.endpoint)
        let query: DnsQueryResult
        try {
          query = await queryDns(name, type, checked.endpoint, {
            net: this.deps.net,
            signal: this.deps.signal,
            dnssec: this.deps.dnssec,
            recursionDesired: false,
            timeoutMs: QUERY_TIMEOUT_MS,
            attempts: 1,
            onUsersBehalf: isOwnersZone(zone),
          })
        } catch (error) {
          this.record({ ...base, server: where, outcome: 'failed', error: describeError(error) })
          continue
        }
        const timing = { rcode: query.rcode, queryTimeMs: query.queryTimeMs, transport: query.transport }
        const meaning = classifyReply(query, name, zone)
        if (meaning.kind === 'unusable') {
          this.record({ ...base, ...timing, server: where, outcome: 'failed', error: meaning.reason })
          continue
        }
        this.record({
          ...base,
          ...timing,
          server: where,
          outcome: meaning.kind,
          referral: meaning.kind === 'referral' ? absoluteName(meaning.zone) : undefined,
          records: meaning.kind === 'answer' ? query.answers : query.authority,
          glue: meaning.kind === 'referral' ? meaning.glue : [],
        })
        return { ok: true, meaning, end: { endpoint: checked.endpoint, zone, query } }
      }
    }
    if (policyError && tries === 0) return { ok: false, failureSource: 'policy', error: policyError }
    return { ok: false, failureSource: 'target', error: `No name server of ${absoluteName(zone)} gave a usable answer` }
  }

  async run(name: string, type: string): Promise<WalkResult> {
    let zone = ''
    let servers = this.deps.root.servers
    for (let hop = 0; hop <= MAX_REFERRALS; hop++) {
      const asked = await this.askZone(zone, servers, name, type)
      if (!asked.ok) return { ...asked, steps: this.steps }
      if (asked.meaning.kind !== 'referral') return { ok: true, steps: this.steps, end: asked.end }
      zone = asked.meaning.zone
      servers = asked.meaning.nameServers
    }
    return { ok: false, steps: this.steps, failureSource: 'target', error: `More than ${MAX_REFERRALS} referrals` }
  }
}

/** Walks the delegation of name from the root; the first type asked decides the final answer shown. */
export function walkDelegation(name: string, type: string, deps: WalkDeps): Promise<WalkResult> {
  return new Walk(deps, 0).run(name, type)
}
