// What looks wrong in the headers themselves: clocks that disagree, dates missing or unreadable, a
// Date far from the first hop, no Message-ID, DMARC failures stated by a receiver, listed relays.
import { formatDuration } from '../../shared/tools/mail-headers/format.ts'
import type { Anomaly, AuthStatement, Hop, RelayListing } from '../../shared/tools/mail-headers/schema.ts'

/** A hop this much earlier than the one before it is reported; smaller differences are clock jitter. */
export const CLOCK_SKEW_TOLERANCE_SECONDS = 60
/** A Date header further than this from the first hop is reported. */
export const DATE_DISTANCE_TOLERANCE_SECONDS = 30 * 60

/** The Date header as written and as read (epoch ms), and the Message-ID. */
export interface MessageSummaryDates {
  date?: string
  dateTime?: number
  messageId?: string
}

export interface AnomalyInput {
  hops: readonly Hop[]
  message: MessageSummaryDates
  auth: readonly AuthStatement[]
  relays: readonly RelayListing[]
}

function hopAnomalies(hops: readonly Hop[]): Anomaly[] {
  return hops.flatMap((hop): Anomaly[] => {
    if (hop.dateProblem === 'missing') return [{ kind: 'missing-date', text: `Hop ${hop.number} has no date` }]
    if (hop.dateProblem === 'unparsable')
      return [{ kind: 'unparsable-date', text: `Hop ${hop.number} has a date that cannot be read` }]
    if (hop.delaySeconds !== undefined && hop.delaySeconds < -CLOCK_SKEW_TOLERANCE_SECONDS) {
      const text = `Clock skew: hop ${hop.number} is ${formatDuration(-hop.delaySeconds)} earlier than the hop before it (a server's clock is wrong, or the header was altered)`
      return [{ kind: 'clock-skew', text }]
    }
    return []
  })
}

function dateAnomalies(message: MessageSummaryDates, hops: readonly Hop[]): Anomaly[] {
  const firstTime = hops.find((h) => h.time)?.time
  if (message.dateTime === undefined || firstTime === undefined) return []
  const seconds = Math.round((Date.parse(firstTime) - message.dateTime) / 1000)
  if (Math.abs(seconds) <= DATE_DISTANCE_TOLERANCE_SECONDS) return []
  const relation = seconds > 0 ? 'before' : 'after'
  return [
    {
      kind: 'date-far-from-first-hop',
      text: `The Date header is ${formatDuration(Math.abs(seconds))} ${relation} the first hop`,
    },
  ]
}

export function findAnomalies({ hops, message, auth, relays }: AnomalyInput): Anomaly[] {
  const anomalies: Anomaly[] = []
  if (hops.length === 0) anomalies.push({ kind: 'no-received', text: 'No Received header: the path is unknown' })
  anomalies.push(...hopAnomalies(hops), ...dateAnomalies(message, hops))
  if (message.date === undefined) anomalies.push({ kind: 'missing-date', text: 'No Date header' })
  else if (message.dateTime === undefined)
    anomalies.push({ kind: 'unparsable-date', text: `The Date header cannot be read: ${message.date}` })
  if (message.messageId === undefined) anomalies.push({ kind: 'missing-message-id', text: 'No Message-ID header' })
  for (const statement of auth) {
    for (const result of statement.results) {
      if (result.method === 'dmarc' && result.result === 'fail') {
        const who = statement.authservId || 'a receiving server'
        anomalies.push({ kind: 'dmarc-fail', text: `DMARC fail stated by ${who} (${statement.source})` })
      }
    }
  }
  for (const relay of relays.filter((r) => r.status === 'listed')) {
    anomalies.push({ kind: 'listed-relay', text: `Relay ${relay.address} is on a block list: ${relay.detail}` })
  }
  return anomalies
}
