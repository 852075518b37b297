// Traceroute across locations: how many hops each path took, whether it reached the destination, and
// mtr's statistics for the last hop that answered: loss, average and worst round trip (each path's
// full mtr report, every hop's loss, sent, last/avg/best/worst/stdev, is shown under the table).
import { type TracerouteResult, tracerouteResult } from '../../../shared/tools/traceroute/schema.ts'
import type { ComparisonTable, RowSlot } from './comparison-types.ts'
import { parsedResult } from './parsed-result.ts'

const trace = (row: RowSlot) => parsedResult(tracerouteResult, row)

function lastAnswering(result: TracerouteResult) {
  return [...result.hops].reverse().find((hop) => hop.address !== null)
}

export function compareTraceroute(): ComparisonTable {
  return {
    caption: 'Paths by location',
    columns: [
      { header: 'Hops', text: (row) => String(trace(row)?.hops.length ?? ''), numeric: true },
      {
        header: 'Reached',
        text: (row) => {
          const r = trace(row)
          return r ? (r.reached ? 'Yes' : 'No') : ''
        },
      },
      {
        header: 'Last hop',
        text: (row) => {
          const r = trace(row)
          const hop = r && lastAnswering(r)
          return hop ? `${hop.hostname ?? hop.address}` : ''
        },
      },
      {
        header: 'Avg to last hop',
        text: (row) => {
          const r = trace(row)
          const avg = r && lastAnswering(r)?.avgMs
          return avg === null || avg === undefined ? '' : `${avg} ms`
        },
        numeric: true,
      },
      {
        header: 'Worst',
        text: (row) => {
          const r = trace(row)
          const worst = r && lastAnswering(r)?.worstMs
          return worst === null || worst === undefined ? '' : `${worst} ms`
        },
        numeric: true,
      },
      {
        header: 'Loss at last hop',
        text: (row) => {
          const r = trace(row)
          const hop = r && lastAnswering(r)
          return hop ? `${hop.lossPercent}% of ${hop.sent}` : ''
        },
        numeric: true,
      },
    ],
  }
}
