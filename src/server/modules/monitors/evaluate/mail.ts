// Mail monitor: every mail host reached offers STARTTLS, and its certificate is trusted, names the
// host and is not about to expire. Hosts that could not be reached from our side are named, not judged.
import type { MailMonitorSettings } from '../../../../shared/monitors.ts'
import { daysUntil, describeDaysLeft } from '../../../../shared/time-span.ts'
import type { MailResult, SmtpSession } from '../../../../shared/tools/mail/schema.ts'
import { type Evaluator, failedRun, plural, type Verdict } from './verdict.ts'

/** Connection failures that are the target's (it refused or stayed silent), not this server's. */
const TARGET_FAILURES = new Set(['refused', 'timeout', 'error'])

function sessionProblems(where: string, smtp: SmtpSession, expiryDays: number, now: number) {
  if (smtp.starttls === 'not-offered') return { problems: [`${where}: STARTTLS not offered`] }
  if (smtp.starttls === 'failed')
    return { problems: [`${where}: STARTTLS failed${smtp.error ? ` (${smtp.error})` : ''}`] }
  if (smtp.starttls !== 'ok' || !smtp.tls) return { problems: [], untested: where }
  const tls = smtp.tls
  const validTo = Date.parse(tls.validTo)
  const days = daysUntil(validTo, now)
  const expired = validTo < now
  const problems: string[] = []
  if (expired) problems.push(`${where}: certificate ${describeDaysLeft(days, true)}`)
  else if (days < expiryDays)
    problems.push(`${where}: certificate expires in ${plural(days, 'day')} (alert below ${expiryDays})`)
  if (!tls.trusted && !expired)
    problems.push(`${where}: certificate not trusted${tls.trustError ? `: ${tls.trustError}` : ''}`)
  if (!tls.hostnameMatch) problems.push(`${where}: certificate does not name the host`)
  return { problems, days }
}

export const evaluateMail: Evaluator<MailMonitorSettings, MailResult> = ({ settings, answer, now }): Verdict => {
  const result = answer.result
  if (!result) return failedRun(answer)
  const problems: string[] = []
  const notReached: string[] = []
  const untested: string[] = []
  let minDays: number | null = null
  let reached = 0
  for (const host of result.mx) {
    for (const address of host.addresses) {
      const where = `${host.name} [${address.address}]`
      const smtp = address.smtp
      if (!smtp || smtp.connectFailure) {
        const why = smtp?.connectFailure ?? address.skipped ?? host.notChecked ?? 'not contacted'
        if (smtp?.connectFailure && TARGET_FAILURES.has(smtp.connectFailure)) problems.push(`${where}: ${why}`)
        else notReached.push(`${where} (${why})`)
        continue
      }
      reached++
      const judged = sessionProblems(where, smtp, settings.expiryDays, now)
      problems.push(...judged.problems)
      if (judged.untested) untested.push(judged.untested)
      if (judged.days !== undefined) minDays = minDays === null ? judged.days : Math.min(minDays, judged.days)
    }
    if (host.addresses.length === 0) notReached.push(`${host.name} (${host.error ?? host.notChecked ?? 'no address'})`)
  }
  const notChecked = [...notReached, ...untested.map((u) => `${u} (STARTTLS not tried)`)]
  const tail = notChecked.length ? `; not checked: ${notChecked.join(', ')}` : ''
  if (problems.length > 0) return { state: 'problem', value: minDays, summary: `${problems.join('; ')}${tail}` }
  if (reached === 0 || minDays === null)
    return {
      state: 'unknown',
      value: null,
      summary: `Not checked: no mail host of ${result.domain} could be checked${tail}`,
    }
  return {
    state: 'ok',
    value: minDays,
    summary: `STARTTLS on ${plural(reached, 'mail host address')}, certificates valid ${plural(minDays, 'more day')}${tail}`,
  }
}
