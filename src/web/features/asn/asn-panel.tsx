import { asnRequest, asnResult } from '../../../shared/tools/asn.ts'
import type { ToolAnswer } from '../../../shared/tools/common.ts'
import type { PanelProps } from '../../lib/panel-props.ts'
import { ToolPanel } from '../tool-panel/index.ts'
import { AsnDetails } from './asn-details.tsx'

function renderDetails(answer: ToolAnswer) {
  const parsed = asnResult.safeParse(answer.result)
  return parsed.success ? <AsnDetails result={parsed.data} /> : null
}

const explanation = (
  <p className="text-sm text-muted-foreground">
    An autonomous system (AS) is a network that runs its own routing on the internet, such as an internet provider, a
    cloud or a large company. Its number (ASN) tells who announces an IP address: enter an address to see the AS, its
    name, the announced prefix and the registry's abuse contact.
  </p>
)

/** ASN check: IPv4 as the product says, IPv6 too. */
export function AsnPanel(props: PanelProps) {
  return (
    <ToolPanel {...props} inputSchema={asnRequest.shape.input} fields={explanation} renderDetails={renderDetails} />
  )
}
