// Port-43 whois with referrals: the configured server (IANA by default), then the registry it
// names, then the registrar the registry names: at most two referrals, each server checked.
import type { FailureSource } from '../../shared/tools/tool-answer.ts'
import type { RegistrationFields } from '../../shared/tools/whois/schema.ts'
import { splitHostPort } from '../net/endpoint.ts'
import type { RegistryQuery } from '../rdap/registry-query.ts'
import { decodeWhoisText } from './decode-whois.ts'
import { findReferral, parseWhoisFields } from './parse-whois.ts'
import { queryWhois, type WhoisAsk, WhoisError } from './query-whois.ts'
import { mergeRecordFields } from './whois-records.ts'
import { charsetOf, formatWhoisQuery } from './whois-servers.ts'

export const MAX_REFERRALS = 2

export interface WhoisStep {
  server: string
  text: string
  truncated: boolean
}

export interface WhoisChain {
  steps: WhoisStep[]
  /**
   * The server that did not answer, when one did not. `error` is a clause naming it and the server
   * that referred to it: "the whois server X (referred by Y) refused the connection (ECONNREFUSED)".
   */
  failure?: { server: string; error: string; failureSource: FailureSource }
}

function describeServer(server: string, referredBy: string | undefined): string {
  return `the whois server ${server}${referredBy ? ` (referred by ${referredBy})` : ''}`
}

export async function followWhoisChain(start: string, query: RegistryQuery, ask: WhoisAsk): Promise<WhoisChain> {
  const steps: WhoisStep[] = []
  const visited = new Set<string>()
  let server = start
  for (let hop = 0; hop <= MAX_REFERRALS; hop++) {
    visited.add(server.toLowerCase())
    const host = splitHostPort(server, 43)?.host ?? server
    try {
      const reply = await queryWhois(server, formatWhoisQuery(host, query), ask)
      const text = decodeWhoisText(reply.bytes, charsetOf(reply.host))
      steps.push({ server, text, truncated: reply.truncated })
      const next = findReferral(text)
      if (!next || visited.has(next.toLowerCase())) break
      server = next
    } catch (error) {
      if (!(error instanceof WhoisError)) throw error
      const named = `${describeServer(server, steps.at(-1)?.server)} ${error.message}`
      return { steps, failure: { server, error: named, failureSource: error.failureSource } }
    }
  }
  return { steps }
}

/**
 * The fields of the chain: the first answer (the referral from IANA) only counts when it is the
 * only one (a registry set as the first server); after it, each field comes from the first answer
 * that gives it (the registry's before the registrar's), the rule a saved chain is read by too.
 * IANA's record of the domain's zone gives none of the domain's fields, also when it is alone.
 */
export function combineWhoisFields(steps: WhoisStep[], domain?: string): RegistrationFields {
  const relevant = steps.length > 1 ? steps.slice(1) : steps
  return mergeRecordFields(relevant.map((step) => parseWhoisFields(step.text, { domain })))
}

export function formatWhoisRaw(steps: WhoisStep[], maxBytes: number): string {
  return steps
    .map((step) => {
      const cut = step.truncated ? `\n[answer cut at ${maxBytes} bytes]` : ''
      return `# ${step.server}\n${step.text.trimEnd()}${cut}`
    })
    .join('\n\n')
}
