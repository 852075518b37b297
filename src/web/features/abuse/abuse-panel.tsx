import { abuseRequest, abuseResult } from '../../../shared/tools/abuse.ts'
import type { ToolAnswer } from '../../../shared/tools/common.ts'
import type { PanelProps } from '../../lib/panel-props.ts'
import { ToolPanel } from '../tool-panel/index.ts'
import { AbuseResultView } from './abuse-result-view.tsx'
import { RiskLegend } from './risk-legend.tsx'

function renderResult(answer: ToolAnswer) {
  const parsed = abuseResult.safeParse(answer.result)
  return parsed.success ? <AbuseResultView result={parsed.data} /> : null
}

/** IP abuse check: the explainable score, with the product's risk legend and advice. */
export function AbusePanel(props: PanelProps) {
  return (
    <ToolPanel {...props} inputSchema={abuseRequest.shape.input} fields={<RiskLegend />} renderDetails={renderResult} />
  )
}
