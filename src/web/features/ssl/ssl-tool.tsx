import { type SslResult, sslRequest, sslResult } from '../../../shared/tools/ssl.ts'
import { defineTool } from '../../lib/tool-manifest.tsx'
import { CertificateDetails } from './certificate-details.tsx'
import { ChainList } from './chain-list.tsx'
import { GradeSummary } from './grade-summary.tsx'
import { ProtocolMatrix } from './protocol-matrix.tsx'

function SslReport({ result }: { result: SslResult }) {
  return (
    <div className="space-y-4 border-b border-zinc-800 pb-4">
      <GradeSummary result={result} />
      <CertificateDetails result={result} />
      <ChainList result={result} />
      <ProtocolMatrix result={result} />
    </div>
  )
}

/** SSL/TLS check: a domain, optionally with :port; the grade, certificate, chain and protocols. */
export const tool = defineTool({ input: { schema: sslRequest.shape.input }, result: sslResult, View: SslReport })
