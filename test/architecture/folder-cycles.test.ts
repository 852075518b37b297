// No two folders of src/ import each other, directly or round a loop (test/architecture/folder-graph.ts):
// a planted cycle in a scratch tree is found, and src/ has none.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { folderCycles, readFolderGraph, siblingEdge } from './folder-graph.ts'

const root = path.resolve(import.meta.dirname, '../..')
const sandbox = mkdtempSync(path.join(tmpdir(), 'nettoolbox-folders-'))
afterAll(() => rmSync(sandbox, { recursive: true, force: true }))

function tree(files: Record<string, string>): string {
  const dir = mkdtempSync(path.join(sandbox, 'tree-'))
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, name)), { recursive: true })
    writeFileSync(path.join(dir, name), text)
  }
  return dir
}

describe('siblingEdge()', () => {
  it('names the two entries side by side in the nearest common folder', () => {
    expect(siblingEdge('server/modules/auth/accounts.ts', 'server/modules/tokens/bearer.ts')).toEqual([
      'server/modules/auth',
      'server/modules/tokens',
    ])
    expect(siblingEdge('server/app.ts', 'shared/catalogue.ts')).toEqual(['server', 'shared'])
    expect(siblingEdge('diagnostics/dns/run.ts', 'diagnostics/types.ts')).toEqual([
      'diagnostics/dns',
      'diagnostics/types.ts',
    ])
  })
})

describe('the folder import graph', () => {
  it('finds a planted cycle between two folders, through a type-only import, a re-export and import()', () => {
    const dir = tree({
      'diagnostics/dns/run.ts': "import type { Anchor } from '../dnssec/anchors.ts'\nexport type A = Anchor\n",
      'diagnostics/dnssec/anchors.ts': "export { read } from '../wire/read.ts'\nexport type Anchor = string\n",
      'diagnostics/wire/read.ts': "export const read = () => import('../dns/run.ts')\n",
      'diagnostics/net/net.ts': 'export const net = 1\n',
      'diagnostics/registry.ts': "import { net } from './net/net.ts'\nexport const r = net\n",
      'diagnostics/dns/run.test.ts': "import { r } from '../registry.ts'\nexport const t = r\n",
    })
    expect(folderCycles(readFolderGraph(dir))).toEqual([['diagnostics/dns', 'diagnostics/dnssec', 'diagnostics/wire']])
  })

  it('passes folders whose imports point one way, and ignores imports made by tests', () => {
    const dir = tree({
      'server/modules/auth/accounts.ts': "import type { User } from '../../current-user.ts'\nexport type A = User\n",
      'server/modules/tokens/routes.ts': "import type { User } from '../../current-user.ts'\nexport type T = User\n",
      'server/current-user.ts': 'export type User = { id: string }\n',
      'server/modules/tokens/routes.test.ts': "import type { A } from '../auth/accounts.ts'\nexport type X = A\n",
      'server/modules/auth/accounts.test.ts': "import type { T } from '../tokens/routes.ts'\nexport type Y = T\n",
    })
    expect(folderCycles(readFolderGraph(dir))).toEqual([])
  })

  it('has no cycle between the folders of src/', () => {
    const cycles = folderCycles(readFolderGraph(path.join(root, 'src'))).map((cycle) => cycle.join(' ↔ '))
    expect(cycles).toEqual([])
  })
})
