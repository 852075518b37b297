// Real registry answers against the fields read by hand from each raw text (sources in each folder's
// manifest.json). The parser is tuned on test/fixtures/golden/whois-corpus; test/fixtures/golden/
// whois-heldout holds answers from other registries that it is only measured on. Prints the
// accuracy of every field for both parts, and asks at least 97% of every field on each, except the
// held-out fields listed with their known shortfall (those may not get worse).
import { readdirSync, readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import type { RegistrationFields } from '../../shared/tools/whois.ts'
import { parseWhoisFields } from './parse-whois.ts'

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

interface Corpus {
  name: string
  dir: URL
  manifest: ManifestEntry[]
  minimum: { cases: number; tlds: number }
  /**
   * Fields known to be below 97% on this part, with the number of answers they get right at least:
   * the part still fails on any drop, and fails too once such a field reaches 97% (then remove it).
   */
  shortfalls: Partial<Record<Field, number>>
}

function corpus(name: string, folder: string, minimum: Corpus['minimum'], shortfalls: Corpus['shortfalls']): Corpus {
  const dir = new URL(`../../../test/fixtures/golden/${folder}/`, import.meta.url)
  const manifest = JSON.parse(readFileSync(new URL('manifest.json', dir), 'utf8'))
  return { name, dir, manifest, minimum, shortfalls }
}

const CORPORA = [
  corpus('tuned', 'whois-corpus', { cases: 100, tlds: 60 }, {}),
  // The parser is never changed by looking at this part's misses: they are measured, not tuned away.
  corpus(
    'held-out',
    'whois-heldout',
    { cases: 60, tlds: 40 },
    { registrar: 69, createdAt: 62, updatedAt: 64, expiresAt: 63, nameServers: 64 },
  ),
]

const tldOf = (entry: ManifestEntry) => entry.domain.split('.').at(-1)

/** Lists compare as sets (registries order name servers as they like); everything else exactly. */
function comparable(field: Field, value: unknown): string {
  if (value === undefined) return 'absent'
  if (Array.isArray(value)) return JSON.stringify([...value].sort())
  if (field === 'abuseContact') return JSON.stringify(value, Object.keys(value as object).sort())
  return JSON.stringify(value)
}

function score({ dir, manifest }: Corpus) {
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

const tuned = new Set(CORPORA[0]?.manifest.map(tldOf))

describe.each(CORPORA)('whois corpus of real registry answers: $name part', (part) => {
  const files = readdirSync(part.dir)

  it('has a manifest entry, a raw text and an expectation for every case, and nothing else', () => {
    const cases = new Set(part.manifest.map((entry) => entry.case))
    const stray = files.filter(
      (file) => file !== 'manifest.json' && !cases.has(file.replace(/(\.expected\.json|\.txt)$/, '')),
    )
    const missing = [...cases].filter((c) => !files.includes(`${c}.txt`) || !files.includes(`${c}.expected.json`))
    expect({ stray, missing }).toEqual({ stray: [], missing: [] })
  })

  it('covers enough answers and top-level domains', () => {
    const tlds = new Set(part.manifest.map(tldOf))
    expect(part.manifest.length).toBeGreaterThanOrEqual(part.minimum.cases)
    expect(tlds.size).toBeGreaterThanOrEqual(part.minimum.tlds)
  })

  it('parseWhoisFields() gets at least 97% of every field right', () => {
    const { right, present, misses } = score(part)
    const total = part.manifest.length
    const share = (field: Field) => right[field] / total
    const rows = FIELDS.map(
      (field) =>
        `${field.padEnd(13)} ${(100 * share(field)).toFixed(1).padStart(5)}%  (${right[field]}/${total}; published in ${present[field]})`,
    )
    const overall = Object.values(right).reduce((a, b) => a + b, 0) / (total * FIELDS.length)
    const tlds = new Set(part.manifest.map(tldOf)).size
    console.log(
      [
        `whois corpus, ${part.name} part: ${total} answers from ${tlds} top-level domains`,
        ...rows,
        `overall       ${(100 * overall).toFixed(1)}%`,
        ...misses.map((m) => `  miss ${m}`),
      ].join('\n'),
    )
    const known = part.shortfalls
    const below = FIELDS.filter((field) => share(field) < 0.97 && known[field] === undefined)
    const dropped = FIELDS.filter((field) => right[field] < (known[field] ?? 0))
    const reached = FIELDS.filter((field) => known[field] !== undefined && share(field) >= 0.97)
    expect({ below, dropped, reached }).toEqual({ below: [], dropped: [], reached: [] })
  })
})

describe('whois held-out corpus', () => {
  it('shares no top-level domain with the tuned corpus', () => {
    const shared = CORPORA[1]?.manifest.map(tldOf).filter((tld) => tuned.has(tld))
    expect(shared).toEqual([])
  })
})
