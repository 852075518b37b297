import { websiteCheckRequest, websiteCheckResult } from '../../../shared/tools/website-check/schema.ts'
import { defineTool, type ToolPanelProps } from '../../lib/tool-parts.tsx'
import { ToolPanel } from '../../tool-panel/index.ts'
import { SafetyNotice } from './safety-notice.tsx'
import { StatusLegend } from './status-legend.tsx'
import { WebsiteReport } from './website-report.tsx'

/** Website check: a URL or domain ("https://" is added when no scheme is given), up or down. */
export const tool = defineTool({
  input: { schema: websiteCheckRequest.shape.input },
  result: websiteCheckResult,
  View: WebsiteReport,
})

const fields = (
  <div className="space-y-3">
    <StatusLegend />
    <SafetyNotice />
  </div>
)

export function Panel(props: ToolPanelProps) {
  return <ToolPanel {...props} fields={fields} />
}
