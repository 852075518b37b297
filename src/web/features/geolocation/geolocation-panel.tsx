import type { ToolAnswer } from '../../../shared/tools/common.ts'
import { geolocationRequest, geolocationResult } from '../../../shared/tools/geolocation.ts'
import type { PanelProps } from '../../lib/panel-props.ts'
import { ToolPanel } from '../tool-panel/index.ts'
import { GeolocationDetails } from './geolocation-details.tsx'

function renderDetails(answer: ToolAnswer) {
  const parsed = geolocationResult.safeParse(answer.result)
  return parsed.success ? <GeolocationDetails result={parsed.data} /> : null
}

/** Geolocation: an IP or a domain (a URL is reduced to its host), on a map when tiles load. */
export function GeolocationPanel(props: PanelProps) {
  return <ToolPanel {...props} inputSchema={geolocationRequest.shape.input} renderDetails={renderDetails} />
}
