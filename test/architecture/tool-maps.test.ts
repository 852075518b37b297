// Adding a tool edits only the registrations docs/architecture.md names: no other file may hold a
// map of every tool (a Record<ToolId, …>, or an object with a key per tool id).
import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { TOOL_IDS } from '../../src/shared/catalogue.ts'
import { findUnnamedToolMaps, registrationFiles, toolMapIn } from './tool-maps.ts'

const root = path.resolve(import.meta.dirname, '../..')
const doc = readFileSync(path.join(root, 'docs/architecture.md'), 'utf8')
const named = registrationFiles(doc)

const sourceFiles = execFileSync(
  'git',
  ['ls-files', '--cached', '--others', '--exclude-standard', 'src', 'cli', 'test', 'bench'],
  {
    cwd: root,
    encoding: 'utf8',
  },
)
  .split('\n')
  .filter((file) => /\.tsx?$/.test(file) && !file.startsWith('test/architecture/tool-maps'))

const readFrom = (file: string) => readFileSync(path.join(root, file), 'utf8')

describe('maps of every tool', () => {
  it('sit only in the registrations that "Adding a tool" names', () => {
    expect(findUnnamedToolMaps(sourceFiles, named, TOOL_IDS, readFrom)).toEqual([])
  })

  it('are named by the section, each named file existing', () => {
    for (const registration of [
      'src/shared/tools/entries.ts',
      'src/shared/tools/contracts.ts',
      'src/diagnostics/registry.ts',
    ])
      expect(named).toContain(registration)
    for (const file of named) expect(() => readFrom(file), file).not.toThrow()
  })

  it('are found in a planted Record<ToolId, …> outside the named files', () => {
    const planted =
      "import type { ToolId } from '../shared/catalogue.ts'\nexport const icons: Record<ToolId, string> = {} as never\n"
    const found = findUnnamedToolMaps(['src/web/lib/planted.ts'], named, TOOL_IDS, () => planted)
    expect(found).toEqual([{ file: 'src/web/lib/planted.ts', why: 'a Record<ToolId, …> type' }])
  })

  it('are found in a planted map over the input tools or the catalogue, and in a planted mapped type', () => {
    const maps = [
      'export const hints: Record<InputToolId, string> = {} as never',
      'export const pages: Readonly<Record<CatalogueId, string>> = {} as never',
      'export type Costs = { [id in ToolId]: number }',
      'export type Hints = { readonly [K in InputToolId]: string }',
    ]
    for (const planted of maps) {
      const found = findUnnamedToolMaps(['src/server/planted.ts'], named, TOOL_IDS, () => planted)
      expect(found, planted).toHaveLength(1)
    }
    expect(toolMapIn('type Costs = { [id in ToolId]?: number }', TOOL_IDS)).toBeUndefined()
  })

  it('are found in a planted object with a key for every tool id, quoted or not', () => {
    const planted = `export const labels = {\n${TOOL_IDS.map((id) => `  '${id}': '${id} label',`).join('\n')}\n}\n`
    expect(findUnnamedToolMaps(['cli/src/planted.ts'], named, TOOL_IDS, () => planted)).toHaveLength(1)
    const bare = `const x = { ${TOOL_IDS.map((id) => (id.includes('-') ? `'${id}': 1` : `${id}: 1`)).join(', ')} }`
    expect(toolMapIn(bare, TOOL_IDS)).toMatch(/a key for every tool id/)
  })

  it('are not reported for a partial map, a map missing one tool, or a named registration', () => {
    expect(toolMapIn('const costs: Partial<Record<ToolId, number>> = {}', TOOL_IDS)).toBeUndefined()
    expect(toolMapIn('const costs: Readonly<Partial<Record<ToolId, number>>> = {}', TOOL_IDS)).toBeUndefined()
    const allButOne = `{ ${TOOL_IDS.slice(1)
      .map((id) => `'${id}': 1`)
      .join(', ')} }`
    expect(toolMapIn(allButOne, TOOL_IDS)).toBeUndefined()
    const [first] = named
    expect(findUnnamedToolMaps([first as string], named, TOOL_IDS, () => 'const m: Record<ToolId, 1> = {}')).toEqual([])
  })
})
