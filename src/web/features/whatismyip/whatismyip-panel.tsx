import type { ToolAnswer } from '../../../shared/tools/common.ts'
import { whatismyipResult } from '../../../shared/tools/whatismyip.ts'
import type { PanelProps } from '../../lib/panel-props.ts'
import { ToolPanel } from '../tool-panel/index.ts'
import { WhatismyipDetails } from './whatismyip-details.tsx'

function renderDetails(answer: ToolAnswer) {
  const parsed = whatismyipResult.safeParse(answer.result)
  return parsed.success ? <WhatismyipDetails result={parsed.data} /> : null
}

/** What is my IP: no input; the address the server sees, with location, network and reverse name. */
export function WhatismyipPanel(props: PanelProps) {
  return <ToolPanel {...props} renderDetails={renderDetails} />
}
