import type { ToolAnswer } from '../../../shared/tools/common.ts'
import { websiteCheckRequest, websiteCheckResult } from '../../../shared/tools/website-check.ts'
import type { PanelProps } from '../../lib/panel-props.ts'
import { ToolPanel } from '../tool-panel/index.ts'
import { SafetyNotice } from './safety-notice.tsx'
import { StatusLegend } from './status-legend.tsx'
import { WebsiteReport } from './website-report.tsx'

function renderReport(answer: ToolAnswer) {
  const parsed = websiteCheckResult.safeParse(answer.result)
  return parsed.success ? <WebsiteReport result={parsed.data} /> : null
}

/** Website check: a URL or domain ("https://" is added when no scheme is given), up or down. */
export function WebsiteCheckPanel(props: PanelProps) {
  const fields = (
    <div className="space-y-3">
      <StatusLegend />
      <SafetyNotice />
    </div>
  )
  return (
    <ToolPanel {...props} inputSchema={websiteCheckRequest.shape.input} fields={fields} renderDetails={renderReport} />
  )
}
