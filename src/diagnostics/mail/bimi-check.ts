// BIMI (draft-brand-indicators-for-message-identification): the default._bimi TXT record's syntax
// (v=BIMI1 first, l= an HTTPS SVG address, a= an HTTPS mark certificate), and the DMARC policy
// mailboxes require before they show the logo. The logo and certificate files are not fetched.
import type { BimiInfo, DmarcRecord, MailCheck } from '../../shared/tools/mail/schema.ts'
import { lookupTxt, parseTagList } from '../mail-auth/txt-records.ts'
import type { RecordResolver } from '../net/record-resolver.ts'

const check = (status: MailCheck['status'], reason: string): MailCheck => ({
  id: 'bimi',
  title: 'BIMI',
  status,
  reason,
})

function httpsUrl(value: string): URL | undefined {
  try {
    const url = new URL(value)
    return url.protocol === 'https:' ? url : undefined
  } catch {
    return undefined
  }
}

/** What is wrong with the record's syntax, one phrase each. */
export function bimiSyntaxProblems(record: string): string[] {
  const problems: string[] = []
  const first = record.split(';')[0]?.trim() ?? ''
  if (!/^v\s*=\s*BIMI1$/.test(first)) problems.push('the record must begin with v=BIMI1')
  const tags = parseTagList(record)
  const logo = tags.l
  if (logo === undefined) problems.push('no l= tag (the logo address)')
  else if (logo !== '') {
    const url = httpsUrl(logo)
    if (logo.includes(',')) problems.push('l= must hold one address')
    else if (!url) problems.push(`l=${logo} is not an https: address`)
    else if (!url.pathname.toLowerCase().endsWith('.svg')) problems.push(`l=${logo} is not an SVG file`)
  }
  if (tags.a !== undefined && tags.a !== '' && !httpsUrl(tags.a)) problems.push(`a=${tags.a} is not an https: address`)
  return problems
}

const enforcing = (dmarc: DmarcRecord | undefined) =>
  dmarc !== undefined && (dmarc.p === 'quarantine' || dmarc.p === 'reject') && dmarc.pct === 100

export async function checkBimi(
  domain: string,
  resolve: RecordResolver,
  dmarc: DmarcRecord | undefined,
): Promise<{ check: MailCheck; bimi?: BimiInfo }> {
  const name = `default._bimi.${domain}`
  const txt = await lookupTxt(resolve, name)
  if (!txt.ok) return { check: check('skipped', `not checked: BIMI lookup failed: ${txt.error}`) }
  const records = txt.records.filter((r) => /^v\s*=\s*BIMI/i.test(r.trim()))
  if (records.length === 0) return { check: check('info', `no BIMI record (${name} TXT): no brand logo is shown`) }
  if (records.length > 1)
    return { check: check('fail', `${records.length} BIMI records at ${name}: mailboxes ignore them all`) }
  const record = records[0] ?? ''
  const tags = parseTagList(record)
  const bimi: BimiInfo = { record, ...(tags.l ? { logo: tags.l } : {}), ...(tags.a ? { authority: tags.a } : {}) }
  const problems = bimiSyntaxProblems(record)
  if (problems.length > 0) return { bimi, check: check('fail', `invalid record: ${problems.join('; ')}`) }
  if (tags.l === '') return { bimi, check: check('info', 'empty l=: the domain declines to show a logo') }
  const authority = tags.a ? `mark certificate ${tags.a}` : 'no mark certificate (a=), which some mailboxes require'
  const found = `logo ${tags.l}, ${authority} (files not fetched)`
  if (!enforcing(dmarc)) {
    const policy = dmarc ? `p=${dmarc.p ?? '?'}${dmarc.pct < 100 ? `, pct=${dmarc.pct}` : ''}` : 'no DMARC record'
    return {
      bimi,
      check: check(
        'warn',
        `${found}; but DMARC is ${policy}: mailboxes show the logo only under quarantine or reject at pct=100`,
      ),
    }
  }
  return { bimi, check: check('pass', found) }
}
