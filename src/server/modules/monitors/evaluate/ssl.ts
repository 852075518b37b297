// SSL monitor: days to expiry against the threshold, trust, host name, and optionally the grade.
import type { SslMonitorSettings } from '../../../../shared/monitors.ts'
import { describeDaysLeft } from '../../../../shared/time-span.ts'
import { GRADES, type SslResult } from '../../../../shared/tools/ssl/schema.ts'
import { describeUntrusted } from '../../../../shared/tools/ssl/trust-words.ts'
import { conclude, type Evaluator, failedRun, plural } from './verdict.ts'

/** Grades from best to worst; T (untrusted) and M (name mismatch) rank below F. */
const RANK = [...GRADES.filter((g) => g !== 'T' && g !== 'M'), 'T', 'M'] as string[]

export const evaluateSsl: Evaluator<SslMonitorSettings, SslResult> = ({ settings, answer }) => {
  const result = answer.result
  if (!result) return failedRun(answer)
  const { daysLeft } = result.certificate
  const expired = result.trust.expired
  const problems: string[] = []
  if (expired) problems.push(`Certificate ${describeDaysLeft(daysLeft, true)}`)
  else if (daysLeft < settings.expiryDays)
    problems.push(`Certificate expires in ${plural(daysLeft, 'day')} (alert below ${settings.expiryDays})`)
  if (!result.trust.trusted && !expired) problems.push(`Certificate ${describeUntrusted(result.trust.error)}`)
  if (!result.trust.hostnameMatch) problems.push(`Certificate does not match ${result.host}`)
  const grade = result.grade.grade
  if (settings.minGrade && RANK.indexOf(grade) > RANK.indexOf(settings.minGrade))
    problems.push(`Grade ${grade} is below ${settings.minGrade}`)
  const gradeText = settings.minGrade ? `, grade ${grade}` : ''
  return conclude(problems, daysLeft, `Certificate valid for ${plural(daysLeft, 'more day')}${gradeText}`)
}
