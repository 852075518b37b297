// The phone lookup result as label/value rows: what the result card shows and what "Copy" copies.
import { CATEGORY_LABELS, type PhoneLookupData } from './schema.ts'

export type PhoneRowKey =
  | 'number'
  | 'valid'
  | 'spam'
  | 'spamScore'
  | 'name'
  | 'business'
  | 'location'
  | 'carrier'
  | 'lineType'
  | 'reports'
  | 'nationalFormat'
  | 'timeZones'
  | 'categories'

export interface PhoneRow {
  key: PhoneRowKey
  label: string
  value: string
}

const yesNo = (value: boolean) => (value ? 'Yes' : 'No')

function describeZones(zones: readonly string[]): string {
  return zones.length > 4 ? `${zones.slice(0, 3).join(', ')} and ${zones.length - 3} more` : zones.join(', ')
}

/** The product's fields in order; name, business, national format, time zones and categories only when known. */
export function phoneResultRows(data: PhoneLookupData): PhoneRow[] {
  const rows: Array<PhoneRow | false | undefined | ''> = [
    { key: 'number', label: 'Number', value: data.number },
    { key: 'valid', label: 'Valid', value: yesNo(data.valid) },
    { key: 'spam', label: 'Spam', value: yesNo(data.spam) },
    { key: 'spamScore', label: 'Spam score', value: `${data.spamScore}/10` },
    data.name && { key: 'name', label: 'Name', value: data.name },
    data.business && { key: 'business', label: 'Business', value: data.business },
    { key: 'location', label: 'Location', value: data.location ?? 'Unknown' },
    {
      key: 'carrier',
      label: 'Carrier',
      value: data.carrier ? `${data.carrier} (original carrier of the range)` : 'Not known',
    },
    { key: 'lineType', label: 'Line type', value: data.lineType },
    { key: 'reports', label: 'Reports', value: String(data.reports) },
    data.valid && { key: 'nationalFormat', label: 'National format', value: data.nationalFormat },
    data.timeZones.length > 0 && { key: 'timeZones', label: 'Time zones', value: describeZones(data.timeZones) },
    data.categories.length > 0 && {
      key: 'categories',
      label: 'Reported as',
      value: data.categories.map((c) => `${CATEGORY_LABELS[c.category]} (${c.count})`).join(', '),
    },
  ]
  return rows.filter((row): row is PhoneRow => Boolean(row))
}

/** "Number: +1 212 555 0142" and so on, one row a line, then the vote counts. */
export function phoneResultText(data: PhoneLookupData): string {
  const lines = phoneResultRows(data).map((row) => `${row.label}: ${row.value}`)
  lines.push(`Votes: ${data.votes.spam} spam, ${data.votes.notSpam} not spam`)
  return lines.join('\n')
}
