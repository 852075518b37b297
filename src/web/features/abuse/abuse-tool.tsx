import { abuseRequest, abuseResult } from '../../../shared/tools/abuse/schema.ts'
import { defineTool, type ToolPanelProps } from '../../lib/tool-parts.tsx'
import { ToolPanel } from '../../tool-panel/index.ts'
import { AbuseResultView } from './abuse-result-view.tsx'
import { RiskLegend } from './risk-legend.tsx'

/** IP abuse check: the explainable score, with the product's risk legend and advice. */
export const tool = defineTool({
  input: { schema: abuseRequest.shape.input },
  result: abuseResult,
  View: AbuseResultView,
})

export function Panel(props: ToolPanelProps) {
  return <ToolPanel {...props} fields={<RiskLegend />} />
}
