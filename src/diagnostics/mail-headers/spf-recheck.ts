// SPF re-checked: the envelope sender's domain evaluated (mailauth, through this server's resolver)
// for the address of the hop that brought the message in.
import type { Hop, SpfRecheck } from '../../shared/tools/mail-headers/schema.ts'
import { asMailauthResolver, spf } from '../mail-auth/mailauth.ts'
import type { RecordResolver } from '../net/record-resolver.ts'

const SPF_LOOKUP_LIMIT = 10

export async function recheckSpf(
  sender: { address: string; domain: string } | undefined,
  hop: Hop | undefined,
  resolve: RecordResolver,
): Promise<SpfRecheck> {
  if (!sender) {
    return { status: 'not-checked', detail: 'no envelope sender: no Return-Path, envelope-from or smtp.mailfrom' }
  }
  const address = hop?.fromAddress
  if (!hop || !address) {
    return {
      domain: sender.domain,
      status: 'not-checked',
      detail: 'no hop from an external address: the address to check is unknown',
    }
  }
  const evaluation = await spf({
    sender: sender.address,
    ip: address,
    helo: hop.fromName ?? sender.domain,
    mta: 'nettoolbox',
    resolver: asMailauthResolver(resolve),
    maxResolveCount: SPF_LOOKUP_LIMIT * 3,
    maxElapsedTime: 8_000,
  })
  const result = evaluation.status.result
  const comment = evaluation.status.comment?.replace(/^[^:]*: /, '')
  const base = { domain: sender.domain, address }
  const hopText = `hop ${hop.number}`
  switch (result) {
    case 'pass':
      return { ...base, status: 'pass', detail: `${sender.domain} authorises ${address} (${hopText})` }
    case 'fail':
      return { ...base, status: 'fail', detail: `${sender.domain} does not authorise ${address} (${hopText}, -all)` }
    case 'softfail':
      return {
        ...base,
        status: 'softfail',
        detail: `${sender.domain} does not authorise ${address} (${hopText}, ~all)`,
      }
    case 'neutral':
      return { ...base, status: 'neutral', detail: `${sender.domain} states nothing about ${address} (${hopText})` }
    case 'none':
      return { ...base, status: 'none', detail: `no SPF record published for ${sender.domain}` }
    case 'temperror':
      return {
        ...base,
        status: 'temperror',
        detail: `not checked: a DNS lookup the evaluation needed failed through this server's resolver${comment ? ` (${comment})` : ''}`,
      }
    default:
      return {
        ...base,
        status: 'permerror',
        detail: `${sender.domain}'s SPF record is broken${comment ? `: ${comment}` : ''}`,
      }
  }
}
