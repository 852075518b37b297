import { asnRequest, asnResult } from '../../../shared/tools/asn/schema.ts'
import { defineTool, type ToolPanelProps } from '../../lib/tool-parts.tsx'
import { ToolPanel } from '../../tool-panel/index.ts'
import { AsnDetails } from './asn-details.tsx'

/** ASN check: IPv4 as the product says, IPv6 too. */
export const tool = defineTool({
  input: { schema: asnRequest.shape.input },
  result: asnResult,
  View: AsnDetails,
})

const explanation = (
  <p className="text-sm text-muted-foreground">
    An autonomous system (AS) is a network that runs its own routing on the internet, such as an internet provider, a
    cloud or a large company. Its number (ASN) tells who announces an IP address: enter an address to see the AS, its
    name, the announced prefix and the registry's abuse contact.
  </p>
)

export function Panel(props: ToolPanelProps) {
  return <ToolPanel {...props} fields={explanation} />
}
