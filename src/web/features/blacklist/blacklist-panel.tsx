import { blacklistResult } from '../../../shared/tools/blacklist.ts'
import type { ToolAnswer } from '../../../shared/tools/common.ts'
import type { PanelProps } from '../../lib/panel-props.ts'
import type { LiveView } from '../tool-panel/index.ts'
import { ToolPanel } from '../tool-panel/index.ts'
import { foldBlacklistProgress } from './blacklist-live.ts'
import { BlacklistResultView } from './blacklist-result-view.tsx'
import { LiveProgress } from './live-progress.tsx'

function renderBlacklist(progress: unknown[], answer: ToolAnswer | undefined) {
  if (!answer) return <LiveProgress events={foldBlacklistProgress(progress)} />
  const parsed = blacklistResult.safeParse(answer.result)
  return parsed.success ? <BlacklistResultView result={parsed.data} /> : null
}

/** Rows stream in from the start of the run, in place of the output box. */
const live: LiveView = { render: renderBlacklist, placement: 'replace' }

/** IP blacklist: an IP, domain or URL against every DNS block list, each verdict shown as it arrives. */
export function BlacklistPanel(props: PanelProps) {
  return <ToolPanel {...props} live={live} />
}
