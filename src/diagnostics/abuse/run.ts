// IP abuse check: a 0-100 score from real evidence (block-list listings through the blacklist
// engine, Tor exit lists, AbuseIPDB when configured), with the network owner and abuse contact.
import type { z } from 'zod'
import { abuseContract } from '../../shared/tools/abuse/index.ts'
import {
  type AbuseResult,
  type AbuseSource,
  type abuseRequest,
  adviceFor,
  MIN_CHECKED_SHARE,
  NOT_ENOUGH_EVIDENCE,
  reputationOf,
  riskLevelOf,
} from '../../shared/tools/abuse/schema.ts'
import { type BlacklistSummary, summarizeRows } from '../../shared/tools/blacklist/schema.ts'
import { completeDnsblLists, consultLists, type DnsblLists } from '../dnsbl/dnsbl-lists.ts'
import { planAddress } from '../dnsbl/plan-targets.ts'
import { parseIpLiteral } from '../net/ip-literal.ts'
import type { RdapClient } from '../rdap/rdap-client.ts'
import { type Diagnostic, failed, type RunContext } from '../types.ts'
import { type AbuseIpdbSettings, checkAbuseIpdb } from './abuseipdb.ts'
import {
  type AbuseContactLookup,
  createRdapAbuseContact,
  ipFactsNetworkLookup,
  type NetworkLookup,
  type RegistryContact,
} from './network-owner.ts'
import { scoreAbuse } from './score.ts'

type AbuseRequest = z.infer<typeof abuseRequest>

/** The block lists consulted (their IP and allow lists; default: the shipped zones.json) and each
 * list's liveness (shared with the blacklist check; default: a new cache), and the other sources. */
export interface AbuseOptions extends Partial<DnsblLists> {
  /** AbuseIPDB is consulted only with a key (ABUSEIPDB_KEY). */
  abuseIpdb?: AbuseIpdbSettings
  /** Organisation and country of the address; default: the shared IP facts (readIpFacts). */
  lookupNetwork?: NetworkLookup | null
  /** Abuse mailbox and country; e.g. createRdapAbuseContact(). None when absent. */
  lookupAbuseContact?: AbuseContactLookup | null
}

async function askAbuseIpdb(
  ip: string,
  settings: AbuseIpdbSettings | undefined,
  ctx: RunContext,
  sources: AbuseSource[],
) {
  if (!settings) {
    sources.push({
      source: 'AbuseIPDB',
      status: 'not checked',
      detail: 'no ABUSEIPDB_KEY is configured on this server',
    })
    return null
  }
  const answer = await checkAbuseIpdb(ip, settings, { net: ctx.net, signal: ctx.signal })
  if (answer.ok) {
    const reports = answer.report.totalReports
    sources.push({ source: 'AbuseIPDB', status: 'checked', detail: `${reports} report${reports === 1 ? '' : 's'}` })
    return answer.report
  }
  sources.push({ source: 'AbuseIPDB', status: 'not checked', detail: answer.error })
  return null
}

/** The block lists as a source: how many gave a verdict, and whether that is enough for a score. */
function blockListSource(summary: BlacklistSummary): AbuseSource {
  if (summary.checked === 0) {
    return { source: 'Block lists', status: 'not checked', detail: `none of ${summary.total} could be checked` }
  }
  const unverified = summary.unverified > 0 ? `; ${summary.unverified} could not be checked` : ''
  return {
    source: 'Block lists',
    status: 'checked',
    detail: `${summary.checked} of ${summary.total} checked${unverified}`,
  }
}

async function askOwner(lookup: NetworkLookup | null, ...[address]: Parameters<NetworkLookup>) {
  if (!lookup) return { org: null, country: null, note: 'No network index is configured' }
  try {
    const owner = await lookup(address)
    const note = owner?.org ? null : `The ASN index has no network for ${address.address}`
    return { org: owner?.org ?? null, country: owner?.country ?? null, note }
  } catch (error) {
    return { org: null, country: null, note: `The IP data could not be read (${(error as Error).message})` }
  }
}

async function askContact(
  lookup: AbuseContactLookup | null,
  ...args: Parameters<AbuseContactLookup>
): Promise<RegistryContact> {
  if (!lookup) return { email: null, country: null, error: 'no registration data (RDAP) source is configured' }
  try {
    return await lookup(...args)
  } catch (error) {
    return { email: null, country: null, error: (error as Error).message }
  }
}

/**
 * Organisation and country are the shared IP facts (the same the geolocation, ASN and
 * what-is-my-IP tools show for the address); the registry gives only the abuse mailbox.
 */
function ispInfoOf(owner: { org: string | null; country: string | null }, contact: RegistryContact) {
  return { org: owner.org, country: owner.country, abuseEmail: contact.email }
}

export function createAbuseDiagnostic(options: AbuseOptions = {}): Diagnostic<AbuseRequest, AbuseResult> {
  const lists = completeDnsblLists(options)
  const zones = lists.zones.zones.filter((zone) => zone.kind !== 'domain')
  const lookupNetwork = options.lookupNetwork === undefined ? ipFactsNetworkLookup : options.lookupNetwork
  const lookupContact = options.lookupAbuseContact ?? null

  return {
    ...abuseContract,
    deadlineMs: 15_000,
    async run(request, ctx) {
      const literal = parseIpLiteral(request.input)
      if (!literal) return failed('target', `${request.input} is not an IP address`)
      const plan = planAddress(literal, ctx.net)
      if (!plan.ok) return failed(plan.failureSource, plan.error)
      const resolver = ctx.net.resolver
      if (!resolver) return failed('server', 'No DNS resolver is configured on this server')
      const [address] = plan.addresses
      if (!address) return failed('target', `${request.input} is not an IP address`)

      const notes: string[] = []
      const sources: AbuseSource[] = []
      const [{ checks, notes: skipped }, report, contact] = await Promise.all([
        consultLists(lists, zones, plan.targets, {
          resolver,
          net: ctx.net,
          signal: ctx.signal,
          progress: ctx.progress,
        }),
        askAbuseIpdb(address.address, options.abuseIpdb, ctx, sources),
        askContact(lookupContact, address, { net: ctx.net, signal: ctx.signal }),
      ])
      const summary = summarizeRows(checks.map((check) => check.row))
      if (summary.checked === 0 && !report) {
        const why = checks[0]?.row.detail.replace(/^unverified: /, '') ?? 'no list applies'
        return failed(
          'server',
          `No block list could be checked through this server's resolver (${why}), so no abuse score can be given.`,
        )
      }
      // After the DNS questions: the first use of the offline index parses it, which holds the event loop.
      const owner = await askOwner(lookupNetwork, address)
      const scored = scoreAbuse(checks, report)
      if (owner.note) notes.push(owner.note)
      sources.unshift(blockListSource(summary))
      sources.push(
        contact.error
          ? { source: 'Registry (RDAP)', status: 'not checked', detail: contact.error }
          : { source: 'Registry (RDAP)', status: 'checked', detail: contact.email ?? 'no abuse contact published' },
      )
      // A score from a minority of the lists would call an address clean on too little evidence.
      const enough = summary.total > 0 && summary.checked >= summary.total * MIN_CHECKED_SHARE
      const score = enough ? scored.score : null
      return {
        status: 'ok',
        result: {
          ip: address.address,
          abuseScore: score,
          riskLevel: score === null ? null : riskLevelOf(score),
          reputation: score === null ? NOT_ENOUGH_EVIDENCE : reputationOf(score),
          advice:
            score === null
              ? `Only ${summary.checked} of ${summary.total} block lists could be checked, fewer than half: no score is given. Try again later.`
              : adviceFor(score),
          categories: scored.categories,
          lastSeen: scored.lastSeen,
          ispInfo: ispInfoOf(owner, contact),
          evidence: scored.evidence,
          blacklists: summary,
          sources,
          notes: [...skipped, ...notes],
        },
      }
    },
  }
}

export interface AbuseSettings {
  abuseIpDbKey?: string
  abuseIpDbUrl?: string
}

/** The sources beyond the block lists, from the app's settings (Config satisfies this) and the shared RDAP client. */
export function abuseSourcesFrom(settings: AbuseSettings, rdap: RdapClient): AbuseOptions {
  return {
    abuseIpdb: settings.abuseIpDbKey ? { key: settings.abuseIpDbKey, baseUrl: settings.abuseIpDbUrl } : undefined,
    lookupAbuseContact: createRdapAbuseContact(rdap),
  }
}
