// The hop table and the stated results of real header sections (test/fixtures/mail-headers), against
// values read by hand from the raw text; every fixture file must have its manifest entry.
import { readdirSync, readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { readAuthStatements } from './auth-results.ts'
import { splitHeaderFields } from './header-fields.ts'
import { buildHops } from './hops.ts'

const dir = new URL('../../../test/fixtures/mail-headers/', import.meta.url)

interface FixtureEntry {
  file: string
  source: { repo: string; path: string; commit: string }
  totalSeconds: number
  hops: Record<string, unknown>[]
  auth: { source: string; authservId: string; results: string }[]
}

const manifest = JSON.parse(readFileSync(new URL('manifest.json', dir), 'utf8')) as { fixtures: FixtureEntry[] }

describe('buildHops() on real headers', () => {
  it('has a manifest entry with its source for every fixture file, and a file for every entry', () => {
    const files = readdirSync(dir).filter((f) => f.endsWith('.txt'))
    expect(manifest.fixtures.map((f) => f.file).sort()).toEqual(files.sort())
    for (const entry of manifest.fixtures) expect(entry.source.commit).toMatch(/^[0-9a-f]{40}$/)
  })

  for (const entry of manifest.fixtures) {
    const fields = splitHeaderFields(readFileSync(new URL(entry.file, dir), 'utf8'))

    it(`reads the hops of ${entry.file} oldest first, with UTC times, delays and the total`, () => {
      const table = buildHops(fields)
      const hops = table.hops.map(({ raw, number, ...rest }) => rest)
      expect(hops).toEqual(entry.hops)
      expect(table.hops.map((h) => h.number)).toEqual(entry.hops.map((_, i) => i + 1))
      expect(table.totalSeconds).toBe(entry.totalSeconds)
    })

    it(`reads the stated authentication results of ${entry.file} per server`, () => {
      const statements = readAuthStatements(fields).map((s) => ({
        source: s.source,
        authservId: s.authservId,
        results: s.results.map((r) => `${r.method}=${r.result}`).join(' '),
      }))
      expect(statements).toEqual(entry.auth)
    })
  }
})
