// Ping across locations: the address each probe reached, replies received, loss and min/avg/max.
import { pingResult } from '../../../shared/tools/ping/schema.ts'
import type { ComparisonTable, RowSlot } from './comparison-types.ts'
import { parsedResult } from './parsed-result.ts'

const ms = (value: number | null | undefined) => (value === null || value === undefined ? '' : `${value} ms`)
const ping = (row: RowSlot) => parsedResult(pingResult, row)

export function comparePing(): ComparisonTable {
  return {
    caption: 'Round trips by location',
    columns: [
      { header: 'Address', text: (row) => ping(row)?.address ?? '' },
      {
        header: 'Received',
        text: (row) => {
          const s = ping(row)?.summary
          return s ? `${s.received}/${s.sent}` : ''
        },
        numeric: true,
      },
      {
        header: 'Loss',
        text: (row) => {
          const s = ping(row)?.summary
          return s ? `${s.lossPercent}%` : ''
        },
        numeric: true,
      },
      { header: 'Min', text: (row) => ms(ping(row)?.summary.minMs), numeric: true },
      { header: 'Avg', text: (row) => ms(ping(row)?.summary.avgMs), numeric: true },
      { header: 'Max', text: (row) => ms(ping(row)?.summary.maxMs), numeric: true },
    ],
  }
}
