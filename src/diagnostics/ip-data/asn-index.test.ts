// The ASN index against rows read straight from the shipped CSV files.
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { bigIntToIpv6, numberToIpv4 } from './address-number.ts'
import { type AsnIndex, asnDataDirectory, loadAsnIndex } from './asn-index.ts'

const dir = asnDataDirectory()
const lines = (file: string) => readFileSync(path.join(dir, file), 'utf8').trimEnd().split('\n')
const v4 = lines('asn-ipv4-num.csv')
const v6 = lines('asn-ipv6-num.csv')

function fieldsOf(line: string) {
  const [start = '', end = '', asn = '', ...rest] = line.split(',')
  const name = rest.join(',')
  return { start, end, asn: Number(asn), name: name.startsWith('"') ? name.slice(1, -1).replaceAll('""', '"') : name }
}

let index: AsnIndex
beforeAll(async () => {
  index = await loadAsnIndex()
})

describe('AsnIndex.lookup() on real IPv4 rows', () => {
  const picks = {
    first: v4[0] ?? '',
    'a name with a comma': v4.find((l) => /,"[^"]*,[^"]*"$/.test(l)) ?? '',
    'a name with doubled quotes': v4.find((l) => l.includes('""')) ?? '',
    middle: v4[Math.floor(v4.length / 2)] ?? '',
    last: v4.at(-1) ?? '',
  }

  it.each(Object.entries(picks))('finds the first, middle and last address of the %s row', (_, line) => {
    const row = fieldsOf(line)
    const first = Number(row.start)
    const last = Number(row.end)
    for (const value of [first, Math.floor((first + last) / 2), last]) {
      const match = index.lookup({ address: numberToIpv4(value), family: 4 })
      expect(match).toMatchObject({
        asn: row.asn,
        name: row.name,
        range: `${numberToIpv4(first)} - ${numberToIpv4(last)}`,
      })
    }
  })

  it('counts every row of the file', () => {
    expect(index.rows.ipv4).toBe(v4.length)
    expect(index.rows.ipv6).toBe(v6.length)
  })

  it('finds nothing in a gap between two rows', () => {
    const gap = v4.findIndex(
      (line, i) => i + 1 < v4.length && Number(fieldsOf(line).end) + 1 < Number(fieldsOf(v4[i + 1] ?? '').start),
    )
    const after = Number(fieldsOf(v4[gap] ?? '').end) + 1
    expect(index.lookup({ address: numberToIpv4(after), family: 4 })).toBeUndefined()
  })

  it('gives the prefix of the range that holds the address', () => {
    const row = fieldsOf(v4[0] ?? '')
    const size = Number(row.end) - Number(row.start) + 1
    const match = index.lookup({ address: numberToIpv4(Number(row.start) + 1), family: 4 })
    expect(match?.prefix).toBe(`${numberToIpv4(Number(row.start))}/${32 - Math.log2(size)}`)
  })

  it('has nothing for private addresses', () => {
    expect(index.lookup({ address: '10.1.2.3', family: 4 })).toBeUndefined()
    expect(index.lookup({ address: '192.168.1.1', family: 4 })).toBeUndefined()
  })
})

describe('AsnIndex.lookup() on real IPv6 rows', () => {
  it.each([
    ['first', v6[0] ?? ''],
    ['middle', v6[Math.floor(v6.length / 2)] ?? ''],
    ['last', v6.at(-1) ?? ''],
  ])('finds the first and last address of the %s row', (_, line) => {
    const row = fieldsOf(line)
    for (const value of [BigInt(row.start), BigInt(row.end)]) {
      expect(index.lookup({ address: bigIntToIpv6(value), family: 6 })).toMatchObject({ asn: row.asn, name: row.name })
    }
  })

  it('looks up an IPv4-mapped address as the IPv4 address it carries', () => {
    const row = fieldsOf(v4[0] ?? '')
    const [a, b, c, d] = numberToIpv4(Number(row.start)).split('.').map(Number)
    const mapped = `::ffff:${(((a ?? 0) << 8) | (b ?? 0)).toString(16)}:${(((c ?? 0) << 8) | (d ?? 0)).toString(16)}`
    expect(index.lookup({ address: mapped, family: 6 })?.asn).toBe(row.asn)
  })
})

describe('AsnIndex.announcedBy()', () => {
  it('lists every row of the AS from both files, as CIDR blocks that cover the rows exactly', () => {
    const row = fieldsOf(v4[Math.floor(v4.length / 3)] ?? '')
    const rows4 = v4.map(fieldsOf).filter((r) => r.asn === row.asn)
    const rows6 = v6.map(fieldsOf).filter((r) => r.asn === row.asn)
    const found = index.announcedBy(row.asn)
    expect(found?.name).toBe(row.name)
    const size4 = (cidr: string) => 2 ** (32 - Number(cidr.split('/')[1]))
    const covered = (found?.ipv4 ?? []).reduce((sum, cidr) => sum + size4(cidr), 0)
    expect(covered).toBe(rows4.reduce((sum, r) => sum + Number(r.end) - Number(r.start) + 1, 0))
    expect(found?.ipv4[0]?.split('/')[0]).toBe(numberToIpv4(Number(rows4[0]?.start)))
    expect((found?.ipv6.length ?? 0) >= rows6.length).toBe(true)
  })

  it('knows nothing of an AS the data does not list', () => {
    expect(index.announcedBy(64500)).toBeUndefined()
  })
})
