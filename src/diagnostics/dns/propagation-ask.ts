// One question of a propagation check asked of one server (a public resolver or an authoritative
// server of the zone), under its own deadline: the row it gives, and whose failure a missing answer
// is (the target policy's refusal, or the server's own silence or error).

import type { PropagationServer } from '../../shared/tools/dns/propagation.ts'
import type { DnsQueryResult } from '../../shared/tools/dns/schema.ts'
import type { FailureSource } from '../../shared/tools/tool-answer.ts'
import { DestinationBudgetError } from '../net/destination-budget.ts'
import { DnsTimeoutError } from '../net/dns-client.ts'
import { formatEndpoint } from '../net/endpoint.ts'
import type { Net } from '../net/net.ts'
import { queryDns } from './query.ts'
import type { RootHints } from './root-hints.ts'

export interface QueryBudget {
  timeoutMs: number
  attempts: number
}

/** One server's deadline: two UDP tries of 1.5 s (then TCP if truncated). */
export const PROPAGATION_QUERY: QueryBudget = { timeoutMs: 1500, attempts: 2 }
/** The SOA question to a server that just answered: one try of 1.5 s. */
export const SOA_QUERY: QueryBudget = { timeoutMs: 1500, attempts: 1 }

type Role = PropagationServer['role']
export interface Target {
  role: Role
  name: string
  /** The address as written, and its check against the target policy. */
  address: string
  port: number
  /** A server of a zone below a TLD: asked on the user's behalf (the per-destination budget). */
  onUsersBehalf?: boolean
}

export interface PropagationDeps {
  net: Pick<Net, 'checkEndpoint' | 'askDns'>
  root: RootHints
  /** "ip[:port]" entries; empty for the well-known public resolvers. */
  publicResolvers: string[]
  signal: AbortSignal
  onProgress: (event: unknown) => void
}

export interface AskedServer {
  row: PropagationServer
  /** Whose failure it is that the row has no answer; absent when it has one. */
  failureSource?: FailureSource
}

function describeError(error: unknown, budget: QueryBudget): string {
  if (error instanceof DestinationBudgetError) return error.message
  if (error instanceof DnsTimeoutError) return `no answer within ${budget.timeoutMs * budget.attempts} ms`
  const code = (error as NodeJS.ErrnoException).code
  return code ? `could not be asked (${code})` : 'could not be asked'
}

/** The records a reply gives for the question: the type asked, and CNAMEs on the way to it. */
function answerValues(query: DnsQueryResult, type: string): { answers: string[]; ttl?: number } {
  const records = query.answers.filter((r) => r.type === type || r.type === 'CNAME')
  const answers = records.map((r) => (r.type === type ? r.value : `${r.type} ${r.value}`)).sort()
  const ttl = records.length > 0 ? Math.min(...records.map((r) => r.ttl)) : undefined
  return ttl === undefined ? { answers } : { answers, ttl }
}

export async function askServer(
  name: string,
  type: string,
  target: Target,
  deps: Pick<PropagationDeps, 'net' | 'signal'>,
  budget: QueryBudget = PROPAGATION_QUERY,
): Promise<AskedServer> {
  const where = formatEndpoint({ address: target.address, port: target.port })
  const base = { role: target.role, name: target.name, server: where, answers: [] }
  const checked = deps.net.checkEndpoint(target.address, target.port)
  if (!checked.ok)
    return {
      row: { ...base, state: 'no-answer', error: checked.error },
      failureSource: checked.reason === 'policy' ? 'policy' : 'target',
    }
  try {
    const query = await queryDns(name, type, checked.endpoint, {
      net: deps.net,
      signal: deps.signal,
      recursionDesired: target.role === 'resolver',
      timeoutMs: budget.timeoutMs,
      attempts: budget.attempts,
      onUsersBehalf: target.onUsersBehalf,
    })
    const timing = { rcode: query.rcode, queryTimeMs: query.queryTimeMs, aa: query.flags.aa }
    if (query.rcode !== 'NOERROR' && query.rcode !== 'NXDOMAIN') {
      return {
        row: { ...base, ...timing, state: 'no-answer', error: `answered ${query.rcode}` },
        failureSource: 'target',
      }
    }
    if (target.role === 'authoritative' && !query.flags.aa) {
      const error = 'not authoritative for the zone (lame delegation)'
      return { row: { ...base, ...timing, state: 'no-answer', error }, failureSource: 'target' }
    }
    return { row: { ...base, ...timing, ...answerValues(query, type), state: 'answered' } }
  } catch (error) {
    // Our per-destination budget refusing to send is a refusal, like the target policy's.
    const failureSource = error instanceof DestinationBudgetError ? 'policy' : 'target'
    return { row: { ...base, state: 'no-answer', error: describeError(error, budget) }, failureSource }
  }
}
