import type { ToolAnswer } from '../../../shared/tools/common.ts'
import { sslRequest, sslResult } from '../../../shared/tools/ssl.ts'
import type { PanelProps } from '../../lib/panel-props.ts'
import { ToolPanel } from '../tool-panel/index.ts'
import { CertificateDetails } from './certificate-details.tsx'
import { ChainList } from './chain-list.tsx'
import { GradeSummary } from './grade-summary.tsx'
import { ProtocolMatrix } from './protocol-matrix.tsx'

function renderReport(answer: ToolAnswer) {
  const parsed = sslResult.safeParse(answer.result)
  if (!parsed.success) return null
  return (
    <div className="space-y-4 border-b border-zinc-800 pb-4">
      <GradeSummary result={parsed.data} />
      <CertificateDetails result={parsed.data} />
      <ChainList result={parsed.data} />
      <ProtocolMatrix result={parsed.data} />
    </div>
  )
}

/** SSL/TLS check: a domain, optionally with :port; the grade, certificate, chain and protocols. */
export function SslPanel(props: PanelProps) {
  return <ToolPanel {...props} inputSchema={sslRequest.shape.input} renderDetails={renderReport} />
}
