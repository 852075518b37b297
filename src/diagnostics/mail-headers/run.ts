// Email header analyzer: the pasted header section read into its hops and stated results, then
// re-checked where this server can (DKIM header signatures against the live keys, SPF of the envelope
// sender for the incoming hop, the relays on the configured block lists), all through the site's
// resolver; no other traffic. The anomalies and what could not be checked are part of the result.
import type { z } from 'zod'
import { mailHeadersContract } from '../../shared/tools/mail-headers/index.ts'
import type { MailHeadersResult, mailHeadersRequest } from '../../shared/tools/mail-headers/schema.ts'
import { completeDnsblLists, type DnsblLists } from '../dnsbl/dnsbl-lists.ts'
import type { Diagnostic } from '../types.ts'
import { findAnomalies } from './anomalies.ts'
import { readAuthStatements } from './auth-results.ts'
import { recheckDkim } from './dkim-recheck.ts'
import { firstValue, hasBody, splitHeaderFields } from './header-fields.ts'
import { buildHops } from './hops.ts'
import { parseMailDate } from './received.ts'
import { relayChecks } from './relay-lists.ts'
import { envelopeSender, externalHop } from './sender.ts'
import { recheckSpf } from './spf-recheck.ts'

type MailHeadersRequest = z.infer<typeof mailHeadersRequest>

/** Each DNS question's own deadline, well inside the tool's. */
const DNS_TIMEOUT_MS = 3_000

export function createMailHeadersDiagnostic(
  options: Partial<DnsblLists> = {},
): Diagnostic<MailHeadersRequest, MailHeadersResult> {
  const lists = completeDnsblLists(options)
  return {
    ...mailHeadersContract,
    deadlineMs: 15_000,
    async run(request, ctx) {
      const fields = splitHeaderFields(request.input)
      if (fields.length === 0) {
        return { status: 'failed', failureSource: 'target', error: 'No header lines found in the pasted text' }
      }
      const value = (name: string) => firstValue(fields, name)
      const date = value('date')
      const message = {
        from: value('from'),
        to: value('to'),
        subject: value('subject'),
        date,
        messageId: value('message-id'),
        returnPath: value('return-path'),
      }
      const { hops, totalSeconds } = buildHops(fields)
      const auth = readAuthStatements(fields)
      const notChecked: string[] = []
      const resolve = ctx.net.createRecordResolver({ signal: ctx.signal, timeoutMs: DNS_TIMEOUT_MS })
      const hasResolver = ctx.net.resolver !== undefined
      const incoming = externalHop(hops, ctx.net.policy)
      const sender = envelopeSender(message.returnPath, auth)
      const headerText = fields.map((f) => f.raw).join('\r\n')
      const [dkim, spf, relays] = hasResolver
        ? await Promise.all([
            recheckDkim(headerText, resolve, hasBody(request.input)),
            recheckSpf(sender, incoming, resolve),
            relayChecks(hops, lists, ctx.net, ctx.signal),
          ])
        : [
            [],
            { status: 'not-checked' as const, detail: 'no DNS resolver is configured on this server' },
            { relays: [], notes: [] },
          ]
      if (!hasResolver) notChecked.push('DKIM, SPF and block lists: no DNS resolver is configured on this server')
      notChecked.push(...relays.notes)
      const anomalies = findAnomalies({
        hops,
        message: { date, dateTime: date ? parseMailDate(date) : undefined, messageId: message.messageId },
        auth,
        relays: relays.relays,
      })
      return {
        status: 'ok',
        result: { message, hops, totalSeconds, auth, dkim, spf, relays: relays.relays, anomalies, notChecked },
      }
    },
  }
}
