// Runs of the panel's tool somewhere else than on this server (probes in other places), when the page
// offers them. The panel draws the choice of where in its form; when the choice sends the run
// elsewhere, the panel checks the input and options as usual and hands the request over instead of
// running it here, and shows the other run's view in place of its output box.
import { createContext, type ReactNode, useContext } from 'react'
import type { ToolRunRequest } from './stream-tool.ts'

export interface RemoteRuns {
  /** The "Run from" control, drawn under the tool's own fields. */
  control: ReactNode
  /** True when the current choice sends the next run elsewhere. */
  chosen: boolean
  /** Why the choice cannot be run as it stands (shown like an invalid input); null when it can. */
  check(): string | null
  /** Starts a run elsewhere; `entryId` names the history entry it belongs to (back/forward finds it again). */
  start(request: ToolRunRequest, entryId: string): void
  /** Shows the run elsewhere of a history entry again; false when this tab has none for it. */
  show(entryId: string | undefined): boolean
  /** The view of the run elsewhere that is shown, or null when the panel's own output shows. */
  output: ReactNode | null
  running: boolean
  /** Hides the run elsewhere (stopping its updates): a run here or Clear Results. */
  clear(): void
  /** The choice's query parameters for a run's link. */
  writeQuery(): [string, string][]
  /** Takes the choice a link asks for; returns its parameters as writeQuery will once it is taken. */
  readQuery(params: URLSearchParams): [string, string][]
}

export const RemoteRunsContext = createContext<RemoteRuns | null>(null)

/** The remote runs the page offers for this panel's tool, or null when it runs only here. */
export function useRemoteRuns(): RemoteRuns | null {
  return useContext(RemoteRunsContext)
}
