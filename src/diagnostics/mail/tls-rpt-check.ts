// SMTP TLS reporting (RFC 8460): the _smtp._tls TXT record and where reports go.
import type { MailCheck, TlsRptInfo } from '../../shared/tools/mail/schema.ts'
import { lookupTxt, parseTagList } from '../mail-auth/txt-records.ts'
import type { RecordResolver } from '../net/record-resolver.ts'

const check = (status: MailCheck['status'], reason: string): MailCheck => ({
  id: 'tls-rpt',
  title: 'TLS-RPT',
  status,
  reason,
})

/** A mailto: with an address, or an https: URL with a host. */
function wellFormed(uri: string): boolean {
  if (/^mailto:/i.test(uri)) return /^mailto:[^@\s]+@[^@\s]+\.[^@\s]+$/i.test(uri)
  try {
    return new URL(uri).hostname !== ''
  } catch {
    return false
  }
}

export async function checkTlsRpt(
  domain: string,
  resolve: RecordResolver,
): Promise<{ check: MailCheck; tlsRpt?: TlsRptInfo }> {
  const name = `_smtp._tls.${domain}`
  const txt = await lookupTxt(resolve, name)
  if (!txt.ok) return { check: check('skipped', `not checked: TLS-RPT lookup failed: ${txt.error}`) }
  const records = txt.records.filter((r) => /^v=TLSRPTv1\s*(;|$)/.test(r.trim()))
  if (records.length === 0) return { check: check('info', `no TLS reporting record (${name} TXT)`) }
  if (records.length > 1)
    return { check: check('fail', `${records.length} TLS-RPT records at ${name}: senders ignore them all`) }
  const record = records[0] ?? ''
  const rua = (parseTagList(record).rua ?? '')
    .split(',')
    .map((u) => u.trim())
    .filter(Boolean)
  const tlsRpt = { record, rua }
  if (rua.length === 0) return { tlsRpt, check: check('fail', 'record has no rua= destination') }
  const bad = rua.filter((u) => !/^(mailto:|https:)/i.test(u))
  if (bad.length > 0) return { tlsRpt, check: check('warn', `rua must be mailto: or https: URIs: ${bad.join(', ')}`) }
  const malformed = rua.filter((u) => !wellFormed(u))
  if (malformed.length > 0)
    return { tlsRpt, check: check('fail', `malformed rua destination: ${malformed.join(', ')}`) }
  return { tlsRpt, check: check('pass', `reports to ${rua.join(', ')}`) }
}
