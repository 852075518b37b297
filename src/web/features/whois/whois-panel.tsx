import type { ToolAnswer } from '../../../shared/tools/common.ts'
import { whoisRequest, whoisResult } from '../../../shared/tools/whois.ts'
import type { PanelProps } from '../../lib/panel-props.ts'
import { ToolPanel } from '../tool-panel/index.ts'
import { WhoisDetails } from './whois-details.tsx'

function renderDetails(answer: ToolAnswer) {
  const parsed = whoisResult.safeParse(answer.result)
  return parsed.success ? <WhoisDetails result={parsed.data} /> : null
}

/** Whois: a domain (as the product says), an IP address or an AS number; RDAP first, then port 43. */
export function WhoisPanel(props: PanelProps) {
  return <ToolPanel {...props} inputSchema={whoisRequest.shape.input} renderDetails={renderDetails} />
}
