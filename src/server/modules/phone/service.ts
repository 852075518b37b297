// A lookup's answer: the numbering plan's facts plus what our users reported.
import type { PhoneNumber } from 'libphonenumber-js/max'
import type { PhoneLookupData, SpamSummary } from '../../../shared/tools/phone/schema.ts'
import { describeNumber } from './describe-number.ts'
import type { PhoneReportsRepository, ReportTally } from './reports-repository.ts'
import { isSpamScore, scoreSpamVotes } from './spam-score.ts'

export function summarizeReports({ votes, categories }: ReportTally): SpamSummary {
  const spamScore = scoreSpamVotes(votes)
  return { reports: votes.spam, spamScore, spam: isSpamScore(spamScore), votes, categories }
}

/** `userId` adds the caller's own vote (yourReport). No caller name or business: no source is configured. */
export async function lookUpPhone(
  phone: PhoneNumber,
  reports: PhoneReportsRepository,
  userId?: string,
): Promise<PhoneLookupData> {
  const [facts, tally, own] = await Promise.all([
    describeNumber(phone),
    reports.tally(phone.number),
    userId ? reports.findOwn(phone.number, userId) : undefined,
  ])
  return { ...facts, ...summarizeReports(tally), ...(own !== undefined ? { yourReport: own } : {}) }
}
