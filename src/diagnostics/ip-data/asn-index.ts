// The offline IP → origin AS index built from @ip-location-db/asn (CC BY 4.0): sorted typed arrays
// of range starts and ends, searched by bisection. Loaded once, on first use.
import { readFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import path from 'node:path'
import type { IpLiteral } from '../net/ip-literal.ts'
import {
  bigIntToIpv6,
  blockWithin,
  cidrsOfRange,
  ipv4BlockWithin,
  ipv4ToNumber,
  ipv6ToWords,
  numberToIpv4,
  wordsToBigInt,
} from './address-number.ts'
import { readAsnCsv } from './read-asn-csv.ts'

export interface AsnMatch {
  asn: number
  name: string
  /** The CIDR block of the listed range that holds the address. */
  prefix: string
  /** The whole range as listed: "first - last". */
  range: string
}

/** What the offline data holds about one AS: its name and every block it announces. */
export interface AsnAnnouncements {
  asn: number
  name: string
  /** CIDR blocks in address order; a listed range that is no single block gives several. */
  ipv4: string[]
  ipv6: string[]
}

export interface AsnIndex {
  lookup(address: IpLiteral): AsnMatch | undefined
  /** Undefined when the data lists no range for the AS. */
  announcedBy(asn: number): AsnAnnouncements | undefined
  readonly rows: { ipv4: number; ipv6: number }
}

/** Rows of one family: starts/ends as `words` 32-bit words per address (1 for IPv4, 4 for IPv6). */
interface Table {
  words: number
  count: number
  starts: Uint32Array
  ends: Uint32Array
  asns: Uint32Array
}

function buildTable(bytes: Uint8Array, words: 1 | 4, names: Map<number, string>): Table {
  let capacity = 1024
  let starts = new Uint32Array(capacity * words)
  let ends = new Uint32Array(capacity * words)
  let asns = new Uint32Array(capacity)
  let count = 0
  readAsnCsv(bytes, (row) => {
    if (count === capacity) {
      capacity *= 2
      starts = grow(starts, capacity * words)
      ends = grow(ends, capacity * words)
      asns = grow(asns, capacity)
    }
    for (let w = 0; w < words; w++) {
      starts[count * words + w] = row.start[4 - words + w] ?? 0
      ends[count * words + w] = row.end[4 - words + w] ?? 0
    }
    asns[count] = row.asn
    if (!names.has(row.asn)) names.set(row.asn, row.name())
    count++
  })
  return {
    words,
    count,
    starts: starts.slice(0, count * words),
    ends: ends.slice(0, count * words),
    asns: asns.slice(0, count),
  }
}

function grow(array: Uint32Array, length: number): Uint32Array<ArrayBuffer> {
  const bigger = new Uint32Array(length)
  bigger.set(array)
  return bigger
}

/** -1, 0 or 1 as the address in `array` at row `row` is below, equal to or above `key`. */
function compareAt(array: Uint32Array, row: number, key: Uint32Array, words: number): number {
  for (let w = 0; w < words; w++) {
    const a = array[row * words + w] ?? 0
    const b = key[w] ?? 0
    if (a !== b) return a < b ? -1 : 1
  }
  return 0
}

/** The row holding `key`, or -1: the last start <= key, if its end >= key. */
function findRow(table: Table, key: Uint32Array): number {
  let low = 0
  let high = table.count - 1
  let found = -1
  while (low <= high) {
    const mid = (low + high) >>> 1
    if (compareAt(table.starts, mid, key, table.words) > 0) high = mid - 1
    else {
      found = mid
      low = mid + 1
    }
  }
  return found >= 0 && compareAt(table.ends, found, key, table.words) >= 0 ? found : -1
}

function keyOf(address: IpLiteral): { table: 'ipv4' | 'ipv6'; key: Uint32Array } {
  if (address.family === 4) return { table: 'ipv4', key: Uint32Array.of(ipv4ToNumber(address.address)) }
  const words = ipv6ToWords(address.address)
  // IPv4-mapped (::ffff:a.b.c.d) is looked up as the IPv4 address it carries.
  if (words[0] === 0 && words[1] === 0 && words[2] === 0xffff) return { table: 'ipv4', key: words.subarray(3) }
  return { table: 'ipv6', key: words }
}

export function createAsnIndex(ipv4Csv: Uint8Array, ipv6Csv: Uint8Array): AsnIndex {
  const names = new Map<number, string>()
  const tables = { ipv4: buildTable(ipv4Csv, 1, names), ipv6: buildTable(ipv6Csv, 4, names) }

  function describe(table: Table, row: number, key: Uint32Array): AsnMatch {
    const asn = table.asns[row] ?? 0
    const name = names.get(asn) ?? ''
    if (table.words === 1) {
      const start = table.starts[row] ?? 0
      const end = table.ends[row] ?? 0
      const block = ipv4BlockWithin(key[0] ?? 0, start, end)
      return {
        asn,
        name,
        prefix: `${numberToIpv4(block.base)}/${block.length}`,
        range: `${numberToIpv4(start)} - ${numberToIpv4(end)}`,
      }
    }
    const start = wordsToBigInt(table.starts, row * 4)
    const end = wordsToBigInt(table.ends, row * 4)
    const block = blockWithin(wordsToBigInt(key), start, end, 128)
    return {
      asn,
      name,
      prefix: `${bigIntToIpv6(block.base)}/${block.length}`,
      range: `${bigIntToIpv6(start)} - ${bigIntToIpv6(end)}`,
    }
  }

  function blocksOf(table: Table, asn: number): string[] {
    const blocks: string[] = []
    for (let row = 0; row < table.count; row++) {
      if (table.asns[row] !== asn) continue
      if (table.words === 1) {
        const start = BigInt(table.starts[row] ?? 0)
        const end = BigInt(table.ends[row] ?? 0)
        for (const b of cidrsOfRange(start, end, 32)) blocks.push(`${numberToIpv4(Number(b.base))}/${b.length}`)
      } else {
        const start = wordsToBigInt(table.starts, row * 4)
        const end = wordsToBigInt(table.ends, row * 4)
        for (const b of cidrsOfRange(start, end, 128)) blocks.push(`${bigIntToIpv6(b.base)}/${b.length}`)
      }
    }
    return blocks
  }

  return {
    rows: { ipv4: tables.ipv4.count, ipv6: tables.ipv6.count },
    announcedBy(asn) {
      const name = names.get(asn)
      if (name === undefined) return undefined
      return { asn, name, ipv4: blocksOf(tables.ipv4, asn), ipv6: blocksOf(tables.ipv6, asn) }
    },
    lookup(address) {
      const { table, key } = keyOf(address)
      const row = findRow(tables[table], key)
      return row < 0 ? undefined : describe(tables[table], row, key)
    },
  }
}

/** Where the shipped CSV files are. */
export function asnDataDirectory(): string {
  const require = createRequire(import.meta.url)
  return path.dirname(require.resolve('@ip-location-db/asn/package.json'))
}

export async function loadAsnIndex(directory = asnDataDirectory()): Promise<AsnIndex> {
  const [ipv4, ipv6] = await Promise.all([
    readFile(path.join(directory, 'asn-ipv4-num.csv')),
    readFile(path.join(directory, 'asn-ipv6-num.csv')),
  ])
  return createAsnIndex(ipv4, ipv6)
}

let shared: Promise<AsnIndex> | undefined

/** The process-wide index, loaded on first call; a failed load is retried on the next call. */
export function getAsnIndex(): Promise<AsnIndex> {
  if (!shared) {
    shared = loadAsnIndex()
    shared.catch(() => {
      shared = undefined
    })
  }
  return shared
}
