import { type SslResult, sslRequest, sslResult } from '../../../shared/tools/ssl/schema.ts'
import { defineTool } from '../../lib/tool-parts.tsx'
import { CertificateDetails } from './certificate-details.tsx'
import { ChainList } from './chain-list.tsx'
import { ClientSimulationTable } from './client-simulation-table.tsx'
import { GradeSummary } from './grade-summary.tsx'
import { ProtocolMatrix } from './protocol-matrix.tsx'
import { ScanFeatures } from './scan-features.tsx'
import { SuiteTables } from './suite-tables.tsx'
import { VulnerabilityList } from './vulnerability-list.tsx'

function SslReport({ result }: { result: SslResult }) {
  return (
    <div className="space-y-4 border-b border-zinc-800 pb-4">
      <GradeSummary result={result} />
      <CertificateDetails result={result} />
      <ChainList result={result} />
      <ProtocolMatrix result={result} />
      {result.scan && <SuiteTables scan={result.scan} />}
      {result.scan && <ScanFeatures scan={result.scan} />}
      {result.scan && <VulnerabilityList scan={result.scan} />}
      {result.scan && <ClientSimulationTable scan={result.scan} />}
    </div>
  )
}

/** SSL/TLS check: a domain, optionally with :port; the grade with its caps explained, certificate, chain, protocols, suites per version, TLS features and known weaknesses. */
export const tool = defineTool({ input: { schema: sslRequest.shape.input }, result: sslResult, View: SslReport })
