// DNS lookup: our own client against the chosen resolver, one query per record type, in parallel;
// or, with trace, a walk from the root servers down to the authoritative servers.
import { domainToASCII, domainToUnicode } from 'node:url'
import type { z } from 'zod'
import { hasNonAscii } from '../../shared/idn.ts'
import { dnsContract } from '../../shared/tools/dns/index.ts'
import {
  DNS_DEFAULT_TYPES,
  type DnsQueryResult,
  type DnsResult,
  type DnsUnanswered,
  type dnsRequest,
} from '../../shared/tools/dns/schema.ts'
import { validateLookup } from '../dnssec/lookup-validation.ts'
import { type DsRecord, loadDnssecTrustAnchors } from '../dnssec/trust-anchors.ts'
import { askEachQuestionOnce, askedOnUsersBehalf } from '../net/ask-once.ts'
import { DestinationBudgetError } from '../net/destination-budget.ts'
import { DnsTimeoutError } from '../net/dns-client.ts'
import { formatEndpoint } from '../net/endpoint.ts'
import { type Diagnostic, failed, type Outcome, type RunContext } from '../types.ts'
import { checkPropagation, publicResolverTargets } from './propagation.ts'
import { queryDns } from './query.ts'
import { chooseResolver } from './resolver-choice.ts'
import { authorityWords, type ResolverWords, resolverWords } from './resolver-words.ts'
import { parseRootHints, type RootHints } from './root-hints.ts'
import { walkDelegation } from './trace.ts'

type DnsRequest = z.infer<typeof dnsRequest>

export interface DnsDiagnosticOptions {
  /** DNS_ROOT_HINTS: "ip[:port]" servers a trace starts from; empty for the IANA root servers. */
  rootHints?: string[]
  /** DNSSEC_TRUST_ANCHORS: the DS records our own DNSSEC validation starts from; IANA's root anchors by default. */
  trustAnchors?: DsRecord[]
  /** DNS_PUBLIC_RESOLVERS: "ip[:port]" resolvers a propagation check asks; empty for the well-known list. */
  publicResolvers?: string[]
}

export const TRACE_RESOLVER_LABEL = 'Delegation walk from the root servers'
export const PROPAGATION_RESOLVER_LABEL = 'Public resolvers and the authoritative servers of the zone'

/** The ASCII (punycode) form DNS carries, and its Unicode form for people. */
function readName(input: string): { name: string; unicodeName: string } {
  const typed = input.trim()
  const ascii = hasNonAscii(typed) ? domainToASCII(typed) || typed : typed
  const name = ascii.replace(/\.$/, '').toLowerCase()
  return { name, unicodeName: domainToUnicode(name) || name }
}

/** The verdict of a finished lookup: NXDOMAIN and server errors are failures, never empty answers. */
function verdict(result: DnsResult, resolver: ResolverWords): Outcome<DnsResult> {
  const codes = new Set(result.queries.map((q) => q.rcode))
  if (codes.has('NXDOMAIN')) {
    const error = `${result.name} does not exist (NXDOMAIN from resolver ${result.server})`
    return { status: 'failed', failureSource: 'target', error, result }
  }
  const bad = result.queries.find((q) => q.rcode !== 'NOERROR')
  if (bad) {
    const error = `${resolver.answered(bad.rcode)} for ${result.name} ${bad.type}`
    return { status: 'failed', failureSource: resolver.source, error, result }
  }
  return { status: 'ok', result }
}

function describeQueryError(error: unknown, resolver: ResolverWords): string {
  if (error instanceof DestinationBudgetError) return resolver.notAsked(error.message)
  if (error instanceof DnsTimeoutError) return resolver.silent
  return resolver.unreachable((error as NodeJS.ErrnoException).code)
}

/** An error rcode other than NXDOMAIN leaves the type unanswered; NXDOMAIN is an answer about the name. */
const answeredRcode = (rcode: string) => rcode === 'NOERROR' || rcode === 'NXDOMAIN'

/**
 * Sorts the replies to a set of questions (asked in `types` order) into the answered types and those
 * that got no answer, with why: no reply at all, or an error rcode such as SERVFAIL or REFUSED.
 */
function sortReplies(
  types: string[],
  settled: PromiseSettledResult<DnsQueryResult>[],
  resolver: ResolverWords,
): { answered: DnsQueryResult[]; errors: DnsQueryResult[]; unanswered: DnsUnanswered[] } {
  const answered: DnsQueryResult[] = []
  const errors: DnsQueryResult[] = []
  const unanswered: DnsUnanswered[] = []
  settled.forEach((s, i) => {
    const type = types[i] ?? '?'
    if (s.status === 'rejected') unanswered.push({ type, error: describeQueryError(s.reason, resolver) })
    else if (answeredRcode(s.value.rcode)) answered.push(s.value)
    else {
      errors.push(s.value)
      unanswered.push({ type, rcode: s.value.rcode, error: resolver.answered(s.value.rcode) })
    }
  })
  return { answered, errors, unanswered }
}

/**
 * The outcome of a set of questions: the answered types count and the others are named as not
 * checked; when no type was answered, the lookup failed.
 */
function settle(
  base: Omit<DnsResult, 'queries'>,
  types: string[],
  settled: PromiseSettledResult<DnsQueryResult>[],
  resolver: ResolverWords,
  lead: DnsQueryResult[] = [],
): Outcome<DnsResult> {
  const { answered, errors, unanswered } = sortReplies(types, settled, resolver)
  const queries = [...lead, ...answered]
  if (queries.length === 0) {
    // Error rcodes are kept as they came, so the failed lookup still shows its replies.
    if (errors.length > 0) return verdict({ ...base, queries: errors }, resolver)
    const error = unanswered[0]?.error ?? resolver.silent
    return failed(resolver.source, error)
  }
  const result: DnsResult = { ...base, queries }
  if (unanswered.length > 0) result.unanswered = unanswered
  return verdict(result, resolver)
}

async function lookUp(
  request: DnsRequest,
  types: string[],
  ctx: RunContext,
  trustAnchors: DsRecord[],
): Promise<Outcome<DnsResult>> {
  const chosen = chooseResolver(request.options ?? {}, ctx.net)
  if ('status' in chosen) return chosen
  const where = formatEndpoint(chosen.endpoint)
  const dnssec = request.options?.dnssec === true
  const names = readName(request.input)
  const settled = await Promise.allSettled(
    types.map((type) => queryDns(names.name, type, chosen.endpoint, { net: ctx.net, signal: ctx.signal, dnssec })),
  )
  const base = { ...names, server: where, resolver: chosen.label, dnssec }
  const words = resolverWords(chosen, where)
  const outcome = settle(base, types, settled, words)
  if (dnssec && outcome.result) {
    // Our own validation, asking the same server with CD set: its AD bit is never trusted.
    const serverFailureSource = words.source
    const options = { net: ctx.net, server: chosen.endpoint, signal: ctx.signal, trustAnchors, serverFailureSource }
    outcome.result.dnssecValidation = await validateLookup(outcome.result, options)
  }
  return outcome
}

async function trace(
  request: DnsRequest,
  types: string[],
  root: RootHints,
  ctx: RunContext,
): Promise<Outcome<DnsResult>> {
  const names = readName(request.input)
  const dnssec = request.options?.dnssec === true
  const base = { ...names, resolver: TRACE_RESOLVER_LABEL, dnssec }
  const [first = 'A', ...rest] = types
  const walk = await walkDelegation(names.name, first, {
    net: ctx.net,
    root,
    dnssec,
    signal: ctx.signal,
    onStep: (step) => ctx.progress({ traceStep: step }),
  })
  if (!walk.ok) {
    const result = { ...base, server: '', queries: [], trace: walk.steps }
    return { status: 'failed', failureSource: walk.failureSource, error: walk.error, result }
  }
  const where = formatEndpoint(walk.end.endpoint)
  // At the end of a trace the name's own authoritative server answers: its failures are the target's.
  const authority = authorityWords(where)
  const settled = await Promise.allSettled(
    rest.map((type) =>
      queryDns(names.name, type, walk.end.endpoint, {
        net: ctx.net,
        signal: ctx.signal,
        dnssec,
        recursionDesired: false,
      }),
    ),
  )
  return settle({ ...base, server: where, trace: walk.steps }, rest, settled, authority, [walk.end.query])
}

/** One type asked of every public resolver and authoritative server; rows streamed as they settle. */
async function propagate(
  request: DnsRequest,
  type: string,
  root: RootHints,
  publicResolvers: string[],
  ctx: RunContext,
): Promise<Outcome<DnsResult>> {
  const names = readName(request.input)
  const run = await checkPropagation(names.name, type, {
    net: ctx.net,
    root,
    publicResolvers,
    signal: ctx.signal,
    onProgress: ctx.progress,
  })
  const result: DnsResult = {
    ...names,
    server: '',
    resolver: PROPAGATION_RESOLVER_LABEL,
    dnssec: false,
    queries: [],
    propagation: run.propagation,
  }
  return run.failure ? { status: 'failed', ...run.failure, result } : { status: 'ok', result }
}

export function createDnsDiagnostic(options: DnsDiagnosticOptions = {}): Diagnostic<DnsRequest, DnsResult> {
  const rootHints = options.rootHints ?? []
  const publicResolvers = options.publicResolvers ?? []
  const trustAnchors = options.trustAnchors ?? loadDnssecTrustAnchors(undefined)
  parseRootHints(rootHints) // invalid hints fail at start, not at the first trace
  publicResolverTargets(publicResolvers)
  return {
    ...dnsContract,
    deadlineMs: 15_000,
    run(request, runCtx) {
      // Within one run each question goes to each server once; a custom server is the user's choice.
      const onUsersBehalf = Boolean(request.options?.server)
      const ctx = { ...runCtx, net: askEachQuestionOnce(onUsersBehalf ? askedOnUsersBehalf(runCtx.net) : runCtx.net) }
      const types = request.options?.type ? [request.options.type] : [...DNS_DEFAULT_TYPES]
      if (request.options?.propagation) {
        return propagate(request, request.options.type ?? 'A', parseRootHints(rootHints), publicResolvers, ctx)
      }
      if (request.options?.trace) return trace(request, types, parseRootHints(rootHints), ctx)
      return lookUp(request, types, ctx, trustAnchors)
    },
  }
}
