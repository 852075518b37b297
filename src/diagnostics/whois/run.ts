// Whois: RDAP first (IANA bootstrap), then port-43 whois following referrals from WHOIS_SERVER.
// Domains typed in any script are looked up in their ASCII (punycode) form.
import { domainToUnicode } from 'node:url'
import type { z } from 'zod'
import { toAsciiDomain } from '../../shared/idn.ts'
import { whoisContract } from '../../shared/tools/whois/index.ts'
import type { WhoisResult, whoisRequest } from '../../shared/tools/whois/schema.ts'
import type { RdapClient } from '../rdap/rdap-client.ts'
import { readRdapFields } from '../rdap/rdap-fields.ts'
import { describeQuery, parseRegistryQuery, type RegistryQuery } from '../rdap/registry-query.ts'
import { type Diagnostic, failed, type Outcome, type RunContext } from '../types.ts'
import { findNotFound, parseWhoisFields } from './parse-whois.ts'
import { combineWhoisFields, followWhoisChain, formatWhoisRaw, type WhoisChain } from './whois-chain.ts'

type WhoisRequest = z.infer<typeof whoisRequest>

export interface WhoisSettings {
  /** First port-43 server, "host[:port]" (WHOIS_SERVER). */
  whoisServer: string
  rdap: RdapClient
  /** Deadline of each server asked (default 6 s). */
  serverTimeoutMs?: number
  /** Largest answer read from one server (default 1 MiB). */
  maxBytes?: number
}

/** A clause as the start of a sentence: "the RDAP service … answered 503" → "The RDAP service …". */
function asSentence(clause: string): string {
  return clause.charAt(0).toUpperCase() + clause.slice(1)
}

/**
 * Whether the chain holds the record asked about. A domain's first answer that names another domain
 * (IANA's "domain: COM" for example.com) is only the referral to the registry.
 */
function holdsRecord(chain: WhoisChain, query: RegistryQuery): boolean {
  const [first] = chain.steps
  if (!first) return false
  if (chain.steps.length > 1 || !chain.failure || query.kind !== 'domain') return true
  return parseWhoisFields(first.text).name?.toLowerCase() === query.name
}

async function lookUpWhois(
  query: RegistryQuery,
  settings: WhoisSettings,
  ctx: RunContext,
  rdapError: string,
): Promise<Outcome<WhoisResult>> {
  const maxBytes = settings.maxBytes ?? 1024 * 1024
  const chain = await followWhoisChain(settings.whoisServer, query, {
    net: ctx.net,
    signal: ctx.signal,
    timeoutMs: settings.serverTimeoutMs ?? 6000,
    maxBytes,
  })
  if (chain.failure && !holdsRecord(chain, query)) {
    // Neither RDAP nor the whois chain reached the registry: its machinery failed, not the name asked about.
    const source = chain.failure.failureSource === 'policy' ? 'policy' : 'server'
    return failed(source, `No registry answered for ${describeQuery(query)}: ${rdapError}; ${chain.failure.error}`)
  }
  const notes = [asSentence(rdapError)]
  if (chain.failure) notes.push(asSentence(chain.failure.error))
  const result: WhoisResult = {
    ...combineWhoisFields(chain.steps, query.kind === 'domain' ? query.name : undefined),
    query: describeQuery(query),
    kind: query.kind,
    protocol: 'whois',
    sources: chain.steps.map((step) => step.server),
    raw: formatWhoisRaw(chain.steps, maxBytes),
    notes,
  }
  const last = chain.steps.at(-1)
  const refusal = last ? findNotFound(last.text) : undefined
  if (refusal && !result.registrar && !result.createdAt) {
    return {
      status: 'failed',
      failureSource: 'target',
      error: `${result.query} was not found (${last?.server}: ${refusal})`,
      result,
    }
  }
  return { status: 'ok', result }
}

/** RDAP first; port-43 whois when no RDAP service answers (not when RDAP says the object does not exist). */
async function lookUp(query: RegistryQuery, settings: WhoisSettings, ctx: RunContext): Promise<Outcome<WhoisResult>> {
  const rdap = await settings.rdap.lookup(query, { net: ctx.net, signal: ctx.signal, timeoutMs: 6000 })
  if (rdap.ok) {
    const result: WhoisResult = {
      ...readRdapFields(rdap.data),
      query: describeQuery(query),
      kind: query.kind,
      protocol: 'rdap',
      sources: [rdap.url],
      raw: rdap.raw,
      notes: [],
    }
    return { status: 'ok', result }
  }
  if (rdap.notFound) return failed('target', rdap.error)
  return lookUpWhois(query, settings, ctx, rdap.error)
}

/** The Unicode form of an internationalised domain, shown next to the ASCII form queried. */
function addUnicodeName(outcome: Outcome<WhoisResult>, query: RegistryQuery): Outcome<WhoisResult> {
  if (query.kind !== 'domain' || !outcome.result) return outcome
  const unicodeName = domainToUnicode(query.name)
  if (!unicodeName || unicodeName === query.name) return outcome
  return { ...outcome, result: { ...outcome.result, unicodeName } }
}

export function createWhoisDiagnostic(settings: WhoisSettings): Diagnostic<WhoisRequest, WhoisResult> {
  return {
    ...whoisContract,
    deadlineMs: 30_000,
    async run(request, ctx) {
      const query = parseRegistryQuery(toAsciiDomain(request.input.trim()))
      if (!query) return failed('target', `${request.input} is not a domain, IP address or AS number`)
      return addUnicodeName(await lookUp(query, settings, ctx), query)
    },
  }
}
