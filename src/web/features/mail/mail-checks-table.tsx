import type { MailCheck } from '../../../shared/tools/mail.ts'
import { CheckBadge } from './check-badge.tsx'

/** One row per check: verdict badge, what was checked, and why. */
export function MailChecksTable({ checks, caption }: { checks: MailCheck[]; caption: string }) {
  if (checks.length === 0) return null
  return (
    <div className="overflow-x-auto">
      <table className="w-full border-collapse text-left">
        <caption className="sr-only">{caption}</caption>
        <thead className="text-xs uppercase tracking-wide text-zinc-400">
          <tr>
            <th scope="col" className="py-1 pr-3 font-medium">
              Result
            </th>
            <th scope="col" className="py-1 pr-4 font-medium">
              Check
            </th>
            <th scope="col" className="py-1 font-medium">
              Details
            </th>
          </tr>
        </thead>
        <tbody>
          {checks.map((check) => (
            <tr key={`${check.host ?? ''}-${check.id}`} className="border-t border-zinc-800 align-top">
              <td className="py-1 pr-3">
                <CheckBadge status={check.status} />
              </td>
              <th scope="row" className="py-1 pr-4 font-normal whitespace-nowrap text-zinc-200">
                {check.title}
              </th>
              <td className="py-1 break-words text-zinc-300">{check.reason}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}
