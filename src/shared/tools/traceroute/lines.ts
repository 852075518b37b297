// Traceroute as text, in the layout of traceroute(8).
import type { TracerouteHop, TracerouteResult } from './schema.ts'

/** "traceroute to example.com (203.0.113.10), 30 hops max, 60 byte packets" */
export function tracerouteHeader(r: Pick<TracerouteResult, 'host' | 'address' | 'maxHops' | 'packetBytes'>): string {
  return `traceroute to ${r.host} (${r.address}), ${r.maxHops} hops max, ${r.packetBytes} byte packets`
}

/** Milliseconds: two decimals below 10 ms (where LAN hops live), one above. */
const num = (value: number | null, width: number) =>
  (value === null ? '-' : value.toFixed(value < 10 ? 2 : 1)).padStart(width)

function hopName(hop: TracerouteHop): string {
  if (hop.address === null) return '* * *'
  const name = hop.hostname ? `${hop.hostname} (${hop.address})` : hop.address
  return hop.asn ? `${name} [AS${hop.asn.number}]` : name
}

export function tracerouteHopLine(hop: TracerouteHop): string {
  const stats =
    hop.address === null
      ? `${`${hop.lossPercent.toFixed(1)}%`.padStart(7)}${String(hop.sent).padStart(5)}`
      : `${`${hop.lossPercent.toFixed(1)}%`.padStart(7)}${String(hop.sent).padStart(5)}${num(hop.lastMs, 8)}${num(hop.avgMs, 8)}${num(hop.bestMs, 8)}${num(hop.worstMs, 8)}${num(hop.stdevMs, 8)}`
  return `${String(hop.hop).padStart(2)}  ${hopName(hop).padEnd(40)}${stats}`
}

/** The product's header, a column heading, then one line per hop (mtr report columns, times in ms). */
export function tracerouteLines(result: TracerouteResult): string[] {
  const heading = `${'    Host'.padEnd(44)}  Loss%  Snt    Last     Avg    Best    Wrst   StDev`
  const lines = [tracerouteHeader(result), heading, ...result.hops.map(tracerouteHopLine)]
  if (!result.reached) lines.push(`${result.address} did not answer`)
  return lines
}
