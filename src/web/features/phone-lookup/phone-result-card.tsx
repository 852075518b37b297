import { type PhoneRow, phoneResultRows, phoneResultText } from '../../../shared/tools/phone/lines.ts'
import type { PhoneLookupData } from '../../../shared/tools/phone/schema.ts'
import { ResultActions } from '../../components/result-actions.tsx'
import { resultFileName } from '../../lib/result-export.ts'

function toneOf(row: PhoneRow, data: PhoneLookupData): string | undefined {
  if (row.key === 'valid') return data.valid ? 'text-success' : 'text-danger'
  if (row.key === 'spam' && data.spam) return 'text-danger'
  return undefined
}

/** The product's result card: number, valid, spam, spamScore "/10", name and business if present, location, carrier, lineType, reports. */
export function PhoneResultCard({ data }: { data: PhoneLookupData }) {
  return (
    <section aria-label="Phone number details" className="rounded-xl border border-border p-4">
      <div className="-mt-1 mb-2 flex justify-end">
        <ResultActions
          text={phoneResultText(data)}
          data={data}
          fileName={resultFileName('phone-lookup', data.e164, new Date())}
        />
      </div>
      <dl className="grid grid-cols-[max-content_1fr] gap-x-6 gap-y-2 text-sm">
        {phoneResultRows(data).map((row) => (
          <div key={row.key} className="contents">
            <dt className="text-muted-foreground">{row.label}</dt>
            <dd className="break-words font-medium">
              <span className={toneOf(row, data)}>{row.value}</span>
            </dd>
          </div>
        ))}
      </dl>
      <p className="mt-3 text-xs text-muted-foreground">
        {data.votes.spam} spam and {data.votes.notSpam} not-spam votes from signed-in users. The score is the share of
        spam votes out of 10, and stays at 3 or below until three people have voted; 7 or more marks the number as spam.
        Location, carrier and line type come from the public numbering plan, not from a subscriber directory.
      </p>
    </section>
  )
}
