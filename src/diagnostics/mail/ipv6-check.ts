// IPv6 reachability of one MX host: an AAAA address, and an SMTP connection actually made to it.
import { isIPv6 } from 'node:net'
import type { MailCheck, MxAddress } from '../../shared/tools/mail/schema.ts'

export function judgeIpv6(mxName: string, addresses: MxAddress[]): MailCheck {
  const base = { id: 'ipv6', title: 'IPv6', host: mxName }
  const v6 = addresses.filter((a) => isIPv6(a.address))
  if (v6.length === 0) {
    return { ...base, status: 'warn', reason: `no AAAA record: senders on IPv6 only cannot reach ${mxName}` }
  }
  const connected = v6.find((a) => a.smtp?.connectMs !== undefined)
  if (connected?.smtp) {
    return {
      ...base,
      status: 'pass',
      reason: `${connected.address} accepts connections on port ${connected.smtp.port} (connected in ${connected.smtp.connectMs} ms)`,
    }
  }
  // A refusal is the host's own answer; silence, no route or a denied address may be this server's side.
  const refused = v6.find((a) => a.smtp?.connectFailure === 'refused' || a.smtp?.connectFailure === 'error')
  if (refused) {
    return {
      ...base,
      status: 'fail',
      reason: `AAAA ${refused.address} published, but ${refused.smtp?.error ?? 'no connection'}`,
    }
  }
  const why = v6.map((a) => `${a.address}: ${a.skipped ?? a.smtp?.error ?? 'no connection'}`).join(', ')
  return { ...base, status: 'skipped', reason: `not checked: no IPv6 connection was made (${why})` }
}
