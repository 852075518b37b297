// The folder-level import graph of a source tree. An import from one file to another is an edge
// between the two entries, side by side in their nearest common folder, that hold them: "server"
// → "shared" for src/server/app.ts importing src/shared/catalogue.ts, "modules/auth" →
// "modules/tokens" inside src/server for two modules. Type-only imports, re-exports and `import()`
// of a literal count. A cycle is a group of sibling entries that reach each other round a loop
// (Tarjan's strongly connected components); cycles between files of one folder are Biome's
// noImportCycles.
import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { parseSync } from 'rolldown/utils'

export type FolderGraph = Map<string, Set<string>>

/** Shipped code only: a test beside its module may reach for the assembled app (a manifest, the config). */
const SOURCE = /^(?!.*\.test\.tsx?$).*\.tsx?$/

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name)
    if (entry.isDirectory()) return sourceFiles(full)
    return SOURCE.test(entry.name) && !entry.name.endsWith('.d.ts') ? [full] : []
  })
}

/** Every relative module a file names: imports, re-exports, `import type` and `import()` of a literal. */
export function importedPaths(fileName: string, text: string): string[] {
  const { module } = parseSync(fileName, text)
  const literal = (start: number, end: number) => /^(['"`])(.*)\1$/.exec(text.slice(start, end))?.[2]
  const named = [
    ...module.staticImports.map((entry) => entry.moduleRequest.value),
    ...module.staticExports.flatMap((entry) => entry.entries.map((item) => item.moduleRequest?.value)),
    ...module.dynamicImports.map((entry) => literal(entry.moduleRequest.start, entry.moduleRequest.end)),
  ]
  return named.filter((name): name is string => name?.startsWith('./') === true || name?.startsWith('../') === true)
}

/** Where an import from `from` to `to` (paths relative to the root) sits: its two sibling entries. */
export function siblingEdge(from: string, to: string): [string, string] | undefined {
  const a = from.split('/')
  const b = to.split('/')
  let shared = 0
  while (shared < a.length - 1 && shared < b.length - 1 && a[shared] === b[shared]) shared += 1
  if (a[shared] === b[shared]) return undefined
  const parent = a.slice(0, shared)
  return [[...parent, a[shared]].join('/'), [...parent, b[shared]].join('/')]
}

/** The graph of the entries under `root`, named relative to it ("server/modules/auth"). */
export function readFolderGraph(root: string): FolderGraph {
  const graph: FolderGraph = new Map()
  for (const file of sourceFiles(root)) {
    const from = path.relative(root, file).split(path.sep).join('/')
    for (const name of importedPaths(file, readFileSync(file, 'utf8'))) {
      const to = path
        .relative(root, path.resolve(path.dirname(file), name))
        .split(path.sep)
        .join('/')
      const edge = to.startsWith('..') ? undefined : siblingEdge(from, to)
      if (edge) addEdge(graph, edge)
    }
  }
  return graph
}

export function addEdge(graph: FolderGraph, [from, to]: [string, string]): void {
  const edges = graph.get(from) ?? new Set<string>()
  edges.add(to)
  graph.set(from, edges)
}

/** The groups of sibling entries that import each other, directly or round a loop (Tarjan's algorithm). */
export function folderCycles(graph: FolderGraph): string[][] {
  let counter = 0
  const index = new Map<string, number>()
  const low = new Map<string, number>()
  const stack: string[] = []
  const onStack = new Set<string>()
  const cycles: string[][] = []

  const visit = (node: string) => {
    index.set(node, counter)
    low.set(node, counter)
    counter += 1
    stack.push(node)
    onStack.add(node)
    for (const next of graph.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next)
        low.set(node, Math.min(low.get(node) ?? 0, low.get(next) ?? 0))
      } else if (onStack.has(next)) {
        low.set(node, Math.min(low.get(node) ?? 0, index.get(next) ?? 0))
      }
    }
    if (low.get(node) !== index.get(node)) return
    const group: string[] = []
    let member: string | undefined
    do {
      member = stack.pop()
      if (member === undefined) break
      onStack.delete(member)
      group.push(member)
    } while (member !== node)
    if (group.length > 1) cycles.push(group.sort())
  }

  for (const node of graph.keys()) if (!index.has(node)) visit(node)
  return cycles
}
