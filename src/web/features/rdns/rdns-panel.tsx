import type { ToolAnswer } from '../../../shared/tools/common.ts'
import { rdnsRequest, rdnsResult } from '../../../shared/tools/rdns.ts'
import type { PanelProps } from '../../lib/panel-props.ts'
import { ToolPanel } from '../tool-panel/index.ts'
import { RdnsResultView } from './rdns-result-view.tsx'

function renderResult(answer: ToolAnswer) {
  const parsed = rdnsResult.safeParse(answer.result)
  return parsed.success ? <RdnsResultView result={parsed.data} /> : null
}

/** Reverse DNS: IPv4 as the product says, IPv6 too; the PTR names with their forward confirmation. */
export function RdnsPanel(props: PanelProps) {
  return <ToolPanel {...props} inputSchema={rdnsRequest.shape.input} renderDetails={renderResult} />
}
