// The runs of a tool page as browser history entries (docs/product.md, "Links to a run"). Each run is
// one entry: its query string holds the input and options, its history state the run's id. The
// answers of this tab's runs are kept in memory by that id, so that back/forward shows an entry's own
// result without measuring again.
import type { ToolAnswer } from '../../shared/tools/tool-answer.ts'

/** The history state of a run's entry. */
export interface RunEntryState {
  toolRun: string
}

/** How a run ended: its answer, or the error shown for it (a failed diagnosis, a refusal). */
export type RunOutcome = { status: 'success'; answer: ToolAnswer } | { status: 'error'; error: unknown }

/** Outcomes kept for back/forward; older ones are dropped first. */
const KEPT_OUTCOMES = 50
const outcomes = new Map<string, RunOutcome>()

export function keepOutcome(runId: string, outcome: RunOutcome): void {
  outcomes.set(runId, outcome)
  while (outcomes.size > KEPT_OUTCOMES) {
    const oldest = outcomes.keys().next().value
    if (oldest === undefined) break
    outcomes.delete(oldest)
  }
}

export function keptOutcome(runId: string | undefined): RunOutcome | undefined {
  return runId === undefined ? undefined : outcomes.get(runId)
}

export function runIdOf(state: unknown): string | undefined {
  const id = (state as Partial<RunEntryState> | null)?.toolRun
  return typeof id === 'string' ? id : undefined
}

export function newRunId(): string {
  return crypto.randomUUID()
}

let firstEntrySeen = false

/**
 * Whether the entry a tool page is opening is the one the browser reloaded: the first entry a tool
 * page shows in this document, when the document was loaded by a reload. Entries reached later by
 * back/forward are not, even in a reloaded document.
 */
export function isReloadedEntry(): boolean {
  if (firstEntrySeen) return false
  firstEntrySeen = true
  const [entry] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[]
  return entry?.type === 'reload'
}

/** What the query string asks of the panel. */
export interface LinkedRun {
  input: string | null
  /** `q` (or the older `run=1`): run once when the entry is opened. */
  run: boolean
}

/** `q` is the input of a run; `input` (History's "Open in tool") only fills the field, unless `run=1`. */
export function readLinkedRun(params: URLSearchParams): LinkedRun {
  const q = params.get('q')
  if (q !== null) return { input: q, run: true }
  return { input: params.get('input'), run: params.get('run') === '1' }
}

/** The query string of a run: `q`, then the options that differ from their defaults. */
export function runSearch(input: string | null, options: [string, string][]): string {
  const params = new URLSearchParams()
  if (input !== null) params.set('q', input)
  for (const [name, value] of options) params.append(name, value)
  const search = params.toString()
  return search ? `?${search}` : ''
}

/**
 * The query parameters of a run's stored options (History's and a shared result's Run again and Open
 * in tool). Each tool with options names its query parameters like its request options (DNS `type`,
 * `dnssec`...; ping `count`, `mode`...: docs/product.md, "Links to a run"), so the tool's own `query`
 * reads them back into its controls. A true flag is `1`, a false one `0`; values that are not a
 * string, number or boolean are left out.
 */
export function optionsQuery(options: Readonly<Record<string, unknown>> | null | undefined): [string, string][] {
  const pairs: [string, string][] = []
  for (const [name, value] of Object.entries(options ?? {})) {
    if (typeof value === 'boolean') pairs.push([name, value ? '1' : '0'])
    else if (typeof value === 'string' || (typeof value === 'number' && Number.isFinite(value)))
      pairs.push([name, String(value)])
  }
  return pairs
}
