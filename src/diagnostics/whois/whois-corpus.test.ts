// Real registry answers (test/fixtures/golden/whois-corpus, sources in its manifest.json) against the
// fields read by hand from each raw text. Prints the accuracy of every field.
import { readdirSync, readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import type { RegistrationFields } from '../../shared/tools/whois.ts'
import { parseWhoisFields } from './parse-whois.ts'

const dir = new URL('../../../test/fixtures/golden/whois-corpus/', import.meta.url)
const FIELDS = [
  'registrar',
  'createdAt',
  'updatedAt',
  'expiresAt',
  'nameServers',
  'statuses',
  'dnssec',
  'abuseContact',
] as const
type Field = (typeof FIELDS)[number]

interface ManifestEntry {
  case: string
  domain: string
  source: { repo: string; path: string; commit: string }
  notes?: string
}

const manifest: ManifestEntry[] = JSON.parse(readFileSync(new URL('manifest.json', dir), 'utf8'))
const files = readdirSync(dir)

/** Lists compare as sets (registries order name servers as they like); everything else exactly. */
function comparable(field: Field, value: unknown): string {
  if (value === undefined) return 'absent'
  if (Array.isArray(value)) return JSON.stringify([...value].sort())
  if (field === 'abuseContact') return JSON.stringify(value, Object.keys(value as object).sort())
  return JSON.stringify(value)
}

function score() {
  const right = Object.fromEntries(FIELDS.map((f) => [f, 0])) as Record<Field, number>
  const present = Object.fromEntries(FIELDS.map((f) => [f, 0])) as Record<Field, number>
  const misses: string[] = []
  for (const entry of manifest) {
    const text = readFileSync(new URL(`${entry.case}.txt`, dir), 'utf8')
    const expected: Partial<RegistrationFields> = JSON.parse(
      readFileSync(new URL(`${entry.case}.expected.json`, dir), 'utf8'),
    ).fields
    const parsed = parseWhoisFields(text, { domain: entry.domain })
    for (const field of FIELDS) {
      const want = expected[field] ?? (field === 'nameServers' || field === 'statuses' ? [] : undefined)
      const [a, b] = [comparable(field, parsed[field]), comparable(field, want)]
      if (want !== undefined && !(Array.isArray(want) && want.length === 0)) present[field]++
      if (a === b) right[field]++
      else misses.push(`${entry.case} ${field}: expected ${b}, parsed ${a}`)
    }
  }
  return { right, present, misses }
}

describe('whois corpus of real registry answers', () => {
  it('has a manifest entry, a raw text and an expectation for every case, and nothing else', () => {
    const cases = new Set(manifest.map((entry) => entry.case))
    const stray = files.filter(
      (file) => file !== 'manifest.json' && !cases.has(file.replace(/(\.expected\.json|\.txt)$/, '')),
    )
    const missing = [...cases].filter((c) => !files.includes(`${c}.txt`) || !files.includes(`${c}.expected.json`))
    expect({ stray, missing }).toEqual({ stray: [], missing: [] })
  })

  it('covers at least 100 answers from at least 60 top-level domains', () => {
    const tlds = new Set(manifest.map((entry) => entry.domain.split('.').at(-1)))
    expect(manifest.length).toBeGreaterThanOrEqual(100)
    expect(tlds.size).toBeGreaterThanOrEqual(60)
  })

  it('parseWhoisFields() gets at least 97% of the fields right', () => {
    const { right, present, misses } = score()
    const total = manifest.length
    const rows = FIELDS.map(
      (field) =>
        `${field.padEnd(13)} ${((100 * right[field]) / total).toFixed(1).padStart(5)}%  (${right[field]}/${total}; published in ${present[field]})`,
    )
    const overall = Object.values(right).reduce((a, b) => a + b, 0) / (total * FIELDS.length)
    console.log(
      [
        `whois corpus: ${total} answers`,
        ...rows,
        `overall       ${(100 * overall).toFixed(1)}%`,
        ...misses.map((m) => `  miss ${m}`),
      ].join('\n'),
    )
    expect(overall).toBeGreaterThanOrEqual(0.97)
  })
})
