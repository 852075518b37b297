// Finds the maps that list every tool: a `Record<ToolId, …>` type, or an object with a key for every
// tool id. Such a map is an edit each new tool must make, so only the registrations that
// docs/architecture.md ("Adding a tool") names may hold one.
import { readFileSync } from 'node:fs'

export interface ToolMap {
  file: string
  why: string
}

const quoted = (id: string) => id.replace(/[-]/g, '\\-')

/** The id types that name every tool: a map over one of them needs an entry per tool. */
const EVERY_TOOL = '(?:ToolId|InputToolId|CatalogueId)'

/** Why `text` holds a map of every tool, or undefined when it holds none. */
export function toolMapIn(text: string, toolIds: readonly string[]): string | undefined {
  // A Partial<Record<ToolId, …>> names only some tools (a tool without an entry still compiles).
  if (new RegExp(`(?<!Partial<\\s*)(?<!Partial<Readonly<\\s*)Record<\\s*${EVERY_TOOL}\\b`).test(text))
    return 'a Record<ToolId, …> type'
  // The same map written as a mapped type, { [K in ToolId]: … }; an optional one ([K in ToolId]?:) is partial.
  if (new RegExp(`\\[\\s*\\w+\\s+in\\s+${EVERY_TOOL}\\s*\\](?!\\s*\\?)`).test(text)) return 'a mapped type over ToolId'
  const keyed = toolIds.filter((id) =>
    new RegExp(`(^|[\\s{,])(${quoted(id)}|'${quoted(id)}'|"${quoted(id)}")\\s*:`, 'm').test(text),
  )
  if (keyed.length === toolIds.length) return `a key for every tool id (${toolIds.join(', ')})`
  return undefined
}

/** The files the "Adding a tool" section of the architecture document names. */
export function registrationFiles(architectureDoc: string): Set<string> {
  const start = architectureDoc.indexOf('**Adding a tool**')
  if (start < 0) throw new Error('docs/architecture.md has no "Adding a tool" section')
  const end = architectureDoc.indexOf('\n## ', start)
  const section = architectureDoc.slice(start, end < 0 ? undefined : end)
  return new Set([...section.matchAll(/`((?:src|cli|test)\/[\w./-]+\.tsx?)`/g)].map((m) => m[1] as string))
}

/** Every map of all tools in `files` outside the registrations the document names. */
export function findUnnamedToolMaps(
  files: readonly string[],
  named: ReadonlySet<string>,
  toolIds: readonly string[],
  read: (file: string) => string = (file) => readFileSync(file, 'utf8'),
): ToolMap[] {
  return files.flatMap((file) => {
    if (named.has(file)) return []
    const why = toolMapIn(read(file), toolIds)
    return why ? [{ file, why }] : []
  })
}
