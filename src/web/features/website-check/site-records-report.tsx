// What the check read beside the page: the site's security.txt, the CAA records that apply to its
// host and its DNSSEC status. The verdicts on them are in the standards report above.
import type { WebsiteCheckResult } from '../../../shared/tools/website-check/schema.ts'
import { CaaRecordsTable } from './caa-records-table.tsx'
import { DnssecStatus } from './dnssec-status.tsx'
import { SecurityTxtFields } from './security-txt-fields.tsx'

export function SiteRecordsReport({ result }: { result: WebsiteCheckResult }) {
  const { securityTxt, caa, dnssec } = result
  if (!securityTxt && !caa && !dnssec) return null
  return (
    <section className="space-y-3" aria-label="security.txt, CAA and DNSSEC">
      <h3 className="font-sans text-sm font-semibold text-zinc-200">security.txt, CAA and DNSSEC</h3>
      {securityTxt && <SecurityTxtFields report={securityTxt} />}
      {caa && <CaaRecordsTable report={caa} />}
      {dnssec && <DnssecStatus report={dnssec} />}
    </section>
  )
}
