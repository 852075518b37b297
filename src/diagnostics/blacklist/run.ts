// Blacklist check: real DNSBL questions through our DNS client, every list in parallel, each row
// streamed as its list answers. The zone list is data (zones.json or DNSBL_ZONES_FILE).
import type { z } from 'zod'
import { blacklistContract } from '../../shared/tools/blacklist/index.ts'
import {
  BLACKLIST_FAILURE_PREFIX,
  type BlacklistResult,
  type blacklistRequest,
  summarizeRows,
} from '../../shared/tools/blacklist/schema.ts'
import { completeDnsblLists, consultLists, type DnsblLists } from '../dnsbl/dnsbl-lists.ts'
import { planTargets } from '../dnsbl/plan-targets.ts'
import { type Diagnostic, failed } from '../types.ts'

type BlacklistRequest = z.infer<typeof blacklistRequest>

/** The zone list (default: the shipped zones.json) and each list's liveness, shared by every request
 * and with the abuse check (default: a new cache). */
export type BlacklistOptions = Partial<DnsblLists>

export const NO_RESOLVER = 'No DNS resolver is configured on this server'

export function createBlacklistDiagnostic(
  options: BlacklistOptions = {},
): Diagnostic<BlacklistRequest, BlacklistResult> {
  const lists = completeDnsblLists(options)
  const fail = (source: Parameters<typeof failed>[0], error: string) =>
    failed(source, `${BLACKLIST_FAILURE_PREFIX} ${error}`)

  return {
    ...blacklistContract,
    deadlineMs: 15_000,
    async run(request, ctx) {
      const resolver = ctx.net.resolver
      if (!resolver) return fail('server', NO_RESOLVER)
      const plan = await planTargets(request.input, ctx.net, ctx.signal)
      if (!plan.ok) return fail(plan.failureSource, plan.error)

      const { checks, notes } = await consultLists(lists, lists.zones.zones, plan.targets, {
        resolver,
        net: ctx.net,
        signal: ctx.signal,
        progress: ctx.progress,
      })
      const rows = checks.map((check) => check.row)
      const result: BlacklistResult = {
        host: request.input,
        targetType: plan.targetType,
        addresses: plan.addresses.map((a) => a.address),
        domain: plan.domain,
        rows,
        summary: summarizeRows(rows),
        notes: [...plan.notes, ...notes],
      }
      if (rows.length > 0 && result.summary.checked === 0) {
        const first = rows[0]?.detail.replace(/^unverified: /, '') ?? ''
        return {
          status: 'failed',
          failureSource: 'server',
          error: `${BLACKLIST_FAILURE_PREFIX} no list could be checked through this server's resolver (${first}).`,
          result,
        }
      }
      return { status: 'ok', result }
    },
  }
}
