// The website check (HTTP) across locations: each location's status and the timing phases of its
// final request (DNS, connect, TLS, first byte, total), the TLS each one negotiated and whether the
// certificate was trusted there, and the response headers that tell locations apart (server, cache,
// CDN), side by side.
import {
  type HopTimings,
  type WebsiteCheckResult,
  websiteCheckResult,
} from '../../../shared/tools/website-check/schema.ts'
import type { ComparisonColumn, ComparisonTable, RowSlot } from './comparison-types.ts'
import { parsedResult } from './parsed-result.ts'

const website = (row: RowSlot) => parsedResult(websiteCheckResult, row)

const ms = (value: number | null | undefined) =>
  value === null || value === undefined ? '' : `${Math.round(value * 10) / 10} ms`

/** The timings of the request that gave the final answer (the last hop of a redirect chain). */
const finalTimings = (row: RowSlot): HopTimings | undefined => website(row)?.hops.at(-1)?.timings

function phase(header: string, pick: (timings: HopTimings) => number | null): ComparisonColumn {
  return {
    header,
    text: (row) => {
      const timings = finalTimings(row)
      return timings ? ms(pick(timings)) : ''
    },
    numeric: true,
  }
}

function statusText(result: WebsiteCheckResult): string {
  const redirects = result.hops.length - 1
  const status = result.finalStatus === null ? 'No answer' : `${result.finalStatus} ${result.statusText ?? ''}`.trim()
  return redirects > 0 ? `${status} (after ${redirects} redirect${redirects === 1 ? '' : 's'})` : status
}

const answersTable: ComparisonTable = {
  caption: 'HTTP answers by location',
  columns: [
    {
      header: 'Status',
      text: (row) => {
        const result = website(row)
        return result ? statusText(result) : ''
      },
    },
    { header: 'Address', text: (row) => website(row)?.hops.at(-1)?.address ?? '' },
    phase('DNS', (t) => t.dnsMs),
    phase('Connect', (t) => t.connectMs),
    phase('TLS', (t) => t.tlsMs),
    phase('First byte', (t) => t.firstByteMs),
    phase('Total', (t) => t.totalMs),
  ],
}

const tlsTable: ComparisonTable = {
  caption: 'TLS by location',
  columns: [
    { header: 'Protocol', text: (row) => website(row)?.tls?.protocol ?? '' },
    { header: 'Cipher', text: (row) => website(row)?.tls?.cipher ?? '' },
    {
      header: 'Certificate',
      text: (row) => {
        const tls = website(row)?.tls
        if (!tls) return ''
        return tls.authorized ? 'Trusted' : `Not trusted: ${tls.authorizationError ?? 'unknown reason'}`
      },
    },
  ],
}

/** Headers that differ by where they are asked from: the server or edge that answered, and caching. */
const TELLING_HEADERS = ['server', 'content-type', 'cache-control', 'age', 'via', 'x-cache', 'cf-ray', 'x-served-by']

const headerValue = (result: WebsiteCheckResult, name: string) =>
  result.headers
    .filter((header) => header.name.toLowerCase() === name)
    .map((header) => header.value)
    .join(', ')

function headersTable(rows: readonly RowSlot[]): ComparisonTable {
  const results = rows.map(website).filter((result) => result !== undefined)
  // Server and Content-Type always; the others once some location got them.
  const names = TELLING_HEADERS.filter(
    (name, index) => index < 2 || results.some((result) => headerValue(result, name) !== ''),
  )
  return {
    caption: 'Response headers by location',
    columns: [
      ...names.map(
        (name): ComparisonColumn => ({
          header: name.replace(/(^|-)[a-z]/g, (letter) => letter.toUpperCase()),
          text: (row) => {
            const result = website(row)
            return result ? headerValue(result, name) : ''
          },
        }),
      ),
      { header: 'Headers', text: (row) => String(website(row)?.headers.length ?? ''), numeric: true },
    ],
  }
}

export function compareWebsite(rows: readonly RowSlot[]): ComparisonTable[] {
  const anyTls = rows.some((row) => website(row)?.tls)
  return [answersTable, ...(anyTls ? [tlsTable] : []), headersTable(rows)]
}
