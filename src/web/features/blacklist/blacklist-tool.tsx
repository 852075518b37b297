import type { BlacklistResult } from '../../../shared/tools/blacklist/schema.ts'
import { blacklistRequest, blacklistResult, listingWarning } from '../../../shared/tools/blacklist/schema.ts'
import type { ToolAnswer } from '../../../shared/tools/tool-answer.ts'
import { defineTool } from '../../lib/tool-parts.tsx'
import { foldBlacklistProgress } from './blacklist-live.ts'
import { BlacklistResultView } from './blacklist-result-view.tsx'
import { LiveProgress } from './live-progress.tsx'

function renderBlacklist(progress: unknown[], answer: ToolAnswer | undefined, result: BlacklistResult | undefined) {
  if (!answer) return <LiveProgress events={foldBlacklistProgress(progress)} />
  return result ? <BlacklistResultView result={result} /> : null
}

/**
 * IP blacklist: an IP, domain or URL against every DNS block list, each verdict shown as it arrives;
 * the rows stream in from the start of the run, in place of the output box.
 */
export const tool = defineTool({
  input: { schema: blacklistRequest.shape.input },
  result: blacklistResult,
  live: { render: renderBlacklist, placement: 'replace' },
  // A run that found a listing is a warning naming what is listed, never a green success.
  warning: listingWarning,
})
