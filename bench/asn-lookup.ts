// Prints IPv4 origin-AS lookups per second of the bisection index against a linear scan over the
// same shipped rows (the reference), measured in the same run, and the ratio between them.
// Run: node bench/asn-lookup.ts
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { numberToIpv4 } from '../src/diagnostics/ip-data/address-number.ts'
import { asnDataDirectory, loadAsnIndex } from '../src/diagnostics/ip-data/asn-index.ts'
import { readAsnCsv } from '../src/diagnostics/ip-data/read-asn-csv.ts'

/** A small deterministic generator, so every run looks up the same addresses. */
function* addresses(count: number, seed = 0x2545f491): Generator<string> {
  let state = seed
  for (let i = 0; i < count; i++) {
    state ^= state << 13
    state ^= state >>> 17
    state ^= state << 5
    yield numberToIpv4(state >>> 0)
  }
}

function rate(label: string, count: number, lookup: (address: string) => number | undefined): number {
  const list = [...addresses(count)]
  let found = 0
  const started = performance.now()
  for (const address of list) if (lookup(address) !== undefined) found++
  const seconds = (performance.now() - started) / 1000
  const perSecond = count / seconds
  console.log(
    `${label.padEnd(16)} ${Math.round(perSecond).toLocaleString('en').padStart(12)} lookups/s  (${found}/${count} found)`,
  )
  return perSecond
}

const loadStarted = performance.now()
const index = await loadAsnIndex()
console.log(
  `index load: ${Math.round(performance.now() - loadStarted)} ms, rows ipv4=${index.rows.ipv4} ipv6=${index.rows.ipv6}`,
)

const starts: number[] = []
const ends: number[] = []
const asns: number[] = []
readAsnCsv(readFileSync(path.join(asnDataDirectory(), 'asn-ipv4-num.csv')), (row) => {
  starts.push(row.start[3] ?? 0)
  ends.push(row.end[3] ?? 0)
  asns.push(row.asn)
})
const toNumber = (address: string) => address.split('.').reduce((n, part) => n * 256 + Number(part), 0)

function linearScan(address: string): number | undefined {
  const key = toNumber(address)
  for (let i = 0; i < starts.length; i++) if ((starts[i] ?? 0) <= key && key <= (ends[i] ?? 0)) return asns[i]
  return undefined
}

// Warm both paths before measuring.
rate('warm-up index', 20_000, (a) => index.lookup({ address: a, family: 4 })?.asn)
rate('warm-up scan', 200, linearScan)
const indexed = rate('bisection index', 200_000, (a) => index.lookup({ address: a, family: 4 })?.asn)
const scanned = rate('linear scan', 2_000, linearScan)
console.log(`ratio: the index answers ${(indexed / scanned).toFixed(0)}x as many lookups per second as the linear scan`)
