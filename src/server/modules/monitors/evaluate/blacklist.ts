// Block-list monitor: any listing is a problem; "clean" counts only the lists that could be checked.
import type { BlacklistResult } from '../../../../shared/tools/blacklist/schema.ts'
import { type Evaluator, failedRun, plural } from './verdict.ts'

export const evaluateBlacklist: Evaluator<unknown, BlacklistResult> = ({ answer }) => {
  const result = answer.result
  if (!result) return failedRun(answer)
  const { listed, checked, unverified } = result.summary
  const notChecked = unverified > 0 ? `; ${plural(unverified, 'list')} could not be checked` : ''
  if (listed > 0) {
    const lists = result.rows.filter((row) => row.status === 'listed').map((row) => row.zone)
    return {
      state: 'problem',
      value: listed,
      summary: `Listed on ${listed} of ${checked} checked lists: ${lists.join(', ')}${notChecked}`,
    }
  }
  if (checked === 0)
    return { state: 'unknown', value: null, summary: `Not checked: no list could be checked${notChecked}` }
  return { state: 'ok', value: 0, summary: `Not listed on ${plural(checked, 'checked list')}${notChecked}` }
}
