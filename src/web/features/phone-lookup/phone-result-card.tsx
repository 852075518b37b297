import type { ReactNode } from 'react'
import { CATEGORY_LABELS, type PhoneLookupData } from '../../../shared/tools/phone.ts'

const yesNo = (value: boolean) => (value ? 'Yes' : 'No')

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="contents">
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="break-words font-medium">{children}</dd>
    </div>
  )
}

/** The spec's result card: number, valid, spam, spamScore "/10", name and business if present, location, carrier, lineType, reports. */
export function PhoneResultCard({ data }: { data: PhoneLookupData }) {
  const zones =
    data.timeZones.length > 4
      ? `${data.timeZones.slice(0, 3).join(', ')} and ${data.timeZones.length - 3} more`
      : data.timeZones.join(', ')
  return (
    <section aria-label="Phone number details" className="rounded-xl border border-border p-4">
      <dl className="grid grid-cols-[max-content_1fr] gap-x-6 gap-y-2 text-sm">
        <Row label="Number">{data.number}</Row>
        <Row label="Valid">
          <span className={data.valid ? 'text-success' : 'text-danger'}>{yesNo(data.valid)}</span>
        </Row>
        <Row label="Spam">
          <span className={data.spam ? 'text-danger' : undefined}>{yesNo(data.spam)}</span>
        </Row>
        <Row label="Spam score">{data.spamScore}/10</Row>
        {data.name && <Row label="Name">{data.name}</Row>}
        {data.business && <Row label="Business">{data.business}</Row>}
        <Row label="Location">{data.location ?? 'Unknown'}</Row>
        <Row label="Carrier">{data.carrier ? `${data.carrier} (original carrier of the range)` : 'Not known'}</Row>
        <Row label="Line type">{data.lineType}</Row>
        <Row label="Reports">{data.reports}</Row>
        {data.valid && <Row label="National format">{data.nationalFormat}</Row>}
        {zones && <Row label="Time zones">{zones}</Row>}
        {data.categories.length > 0 && (
          <Row label="Reported as">
            {data.categories.map((c) => `${CATEGORY_LABELS[c.category]} (${c.count})`).join(', ')}
          </Row>
        )}
      </dl>
      <p className="mt-3 text-xs text-muted-foreground">
        {data.votes.spam} spam and {data.votes.notSpam} not-spam votes from signed-in users. The score is the share of
        spam votes out of 10, and stays at 3 or below until three people have voted; 7 or more marks the number as spam.
        Location, carrier and line type come from the public numbering plan, not from a subscriber directory.
      </p>
    </section>
  )
}
