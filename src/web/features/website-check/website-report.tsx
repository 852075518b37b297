import { statusText } from '../../../shared/tools/website-check/lines.ts'
import type { WebsiteCheckResult } from '../../../shared/tools/website-check/schema.ts'
import { buttonClass } from '../../components/button.tsx'
import { ExternalLink } from '../../components/external-link.tsx'
import { RedirectChainTable } from './redirect-chain-table.tsx'
import { SecurityHeadersTable } from './security-headers-table.tsx'
import { SiteRecordsReport } from './site-records-report.tsx'
import { StandardsReport } from './standards-report.tsx'

/** Up/down in the legend's colours, the "Visit Website" button, the requests, the standards report, security.txt, CAA and DNSSEC, and the headers. */
export function WebsiteReport({ result }: { result: WebsiteCheckResult }) {
  return (
    <div className="space-y-4 border-b border-zinc-800 pb-4">
      <div className="flex flex-wrap items-center gap-3 font-sans">
        <span
          className={`flex items-center gap-2 rounded-full px-3 py-1 text-sm font-semibold ${result.up ? 'bg-emerald-900/60 text-emerald-200' : 'bg-red-900/60 text-red-200'}`}
        >
          <span className={`size-2.5 rounded-full ${result.up ? 'bg-emerald-400' : 'bg-red-400'}`} aria-hidden="true" />
          {statusText(result)}
        </span>
        {/^https?:\/\//.test(result.url) && (
          <ExternalLink href={result.url} className={buttonClass({ variant: 'outline', size: 'sm' })}>
            Visit Website
          </ExternalLink>
        )}
      </div>
      <RedirectChainTable hops={result.hops} />
      <StandardsReport categories={result.standards} />
      <SiteRecordsReport result={result} />
      <SecurityHeadersTable checks={result.securityHeaders} />
    </div>
  )
}
