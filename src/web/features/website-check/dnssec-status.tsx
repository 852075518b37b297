// The DNSSEC status of the site's host in words and an icon (never colour alone), with the reason.
import { CircleAlert, CircleCheck, CircleHelp, CircleX } from 'lucide-react'
import type { WebsiteDnssecReport } from '../../../shared/tools/website-check/records.ts'

const STATUS = {
  secure: { text: 'Signed and validated', Icon: CircleCheck, className: 'text-emerald-200' },
  bogus: { text: 'Signed but bogus', Icon: CircleX, className: 'text-red-200' },
  insecure: { text: 'Unsigned', Icon: CircleAlert, className: 'text-amber-200' },
  indeterminate: { text: 'Could not be determined', Icon: CircleHelp, className: 'text-zinc-300' },
  'not-checked': { text: 'Not checked', Icon: CircleHelp, className: 'text-zinc-300' },
} as const

export function DnssecStatus({ report }: { report: WebsiteDnssecReport }) {
  const { text, Icon, className } = STATUS[report.status]
  return (
    <section className="space-y-1" aria-label="DNSSEC">
      <h4 className="font-sans text-sm text-zinc-100">DNSSEC</h4>
      <p className={`inline-flex items-center gap-1 font-sans text-sm font-semibold ${className}`}>
        <Icon aria-hidden className="size-4 shrink-0" />
        {text}
        <span className="font-normal text-zinc-400">
          ({report.host} {report.type})
        </span>
      </p>
      <p className="break-words font-sans text-sm text-zinc-300">{report.reason}</p>
    </section>
  )
}
