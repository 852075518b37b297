// Creating a measurement, for the API (POST /api/measurements) and for this process's own callers (a
// DNS monitor checked from several locations): the rows, their dispatch, and waiting for the end.
import type { Registry } from '../../../diagnostics/registry.ts'
import type { MeasurementRow, MeasurementToolId, ProbeInfo } from '../../../shared/measurements.ts'
import type { Refusal } from '../limits/refusals.ts'
import type { RunAdmission } from '../limits/register-limits.ts'
import { randomId } from '../runs/repository.ts'
import type { RowJob } from './dispatch-row.ts'
import type { Dispatcher } from './dispatcher.ts'
import type { MeasurementState, MeasurementStore } from './measurement-store.ts'
import { selectProbes } from './select-probes.ts'

/** Time for a task to reach its probe and its answer to come back, on top of the tool's own deadline. */
export const TRAVEL_SLACK_MS = 10_000

export interface MeasurementDraft {
  tool: MeasurementToolId
  input: string
  options: Record<string, unknown>
  locations: string[]
  probes: ProbeInfo[]
  userId: string | null
}

export interface CreateDeps {
  store: MeasurementStore
  dispatcher: Dispatcher
  registry: Registry
}

export function probeLocationOf({ tools: _tools, connectedAt: _connectedAt, ...location }: ProbeInfo) {
  return location
}

const deadlineMsOf = (registry: Registry, tool: MeasurementToolId) => registry[tool]?.deadlineMs ?? 60_000

/** Stores the measurement with one in-progress row per probe and hands the rows to the dispatcher. */
export async function createMeasurement(deps: CreateDeps, draft: MeasurementDraft) {
  const id = randomId(16)
  const rows: MeasurementRow[] = draft.probes.map((probe) => ({ probe: probeLocationOf(probe), status: 'in-progress' }))
  const deadlineAt = Date.now() + deadlineMsOf(deps.registry, draft.tool) + TRAVEL_SLACK_MS
  await deps.store.create({
    id,
    tool: draft.tool,
    input: draft.input,
    options: draft.options,
    locations: draft.locations,
    createdAt: new Date().toISOString(),
    rows,
    userId: draft.userId,
  })
  const jobs: RowJob[] = draft.probes.map((probe, index) => ({
    measurementId: id,
    index,
    probe: probeLocationOf(probe),
    tool: draft.tool,
    request: { input: draft.input, options: draft.options },
    deadlineAt,
  }))
  await deps.dispatcher.enqueue(jobs)
  return { id, probesCount: rows.length }
}

export interface AccountMeasurement {
  tool: MeasurementToolId
  input: string
  options: Record<string, unknown>
  locations: string[]
  /** The account it runs for: each row counts as one run of the tool against its limits. */
  userId: string
}

export type MeasurementOutcome =
  /** Settled (`state.status` "finished", with its stored run) or, past the deadline, as far as it got. */
  | { ok: true; state: MeasurementState }
  /** No probe could be chosen, a limit refused the rows, or the store could not be reached. */
  | { ok: false; message: string }

export interface MeasurementService {
  /** Measures on an account's behalf and waits until every row is settled (bounded by the tool's deadline). */
  measure(request: AccountMeasurement, signal: AbortSignal): Promise<MeasurementOutcome>
}

export interface ServiceDeps extends CreateDeps {
  listProbes(options?: { recent?: boolean }): Promise<ProbeInfo[]>
  probeTimeouts(): Promise<ReadonlyMap<string, number>>
  admission: Pick<RunAdmission, 'admitAccount'>
  maxProbes: number
  /** How long a row may go unanswered before its probe counts as lost (the final wait allows for it). */
  probeLostMs: number
}

export function createMeasurementService(deps: ServiceDeps): MeasurementService {
  const charge = async (userId: string, tool: string, runs: number, signal: AbortSignal) => {
    // One run per row, like the API; the runs happen on the probes, so no concurrency slot is held.
    for (let i = 0; i < runs; i += 1) {
      const admission = await deps.admission.admitAccount(userId, tool, signal)
      if (!admission.admitted) return admission.refusal
      admission.release()
    }
    return undefined
  }

  const waitFor = async (id: string, until: number, signal: AbortSignal): Promise<MeasurementState | null> => {
    for (;;) {
      const state = await deps.store.get(id)
      if (!state || state.status === 'finished' || Date.now() >= until || signal.aborted) return state
      const pending = state.results.findIndex((row) => row.status === 'in-progress')
      // All rows settled: the run is being stored; look again shortly.
      const timeoutMs = Math.max(10, Math.min(pending === -1 ? 100 : 1000, until - Date.now()))
      if (pending === -1) await new Promise((resolve) => setTimeout(resolve, timeoutMs))
      else await deps.store.waitForRow(id, pending, timeoutMs)
    }
  }

  return {
    async measure(request, signal) {
      let candidates: ProbeInfo[]
      try {
        candidates = await deps.listProbes({ recent: true })
      } catch {
        return { ok: false, message: 'the site cannot reach its measurement store' }
      }
      const selection = selectProbes(candidates, {
        tool: request.tool,
        locations: request.locations,
        limit: 1,
        maxProbes: deps.maxProbes,
        timeouts: await deps.probeTimeouts().catch(() => undefined),
      })
      if (!selection.ok) return { ok: false, message: selection.message }
      const refusal: Refusal | undefined = await charge(request.userId, request.tool, selection.probes.length, signal)
      if (refusal) return { ok: false, message: refusal.message }
      let created: { id: string }
      try {
        created = await createMeasurement(deps, { ...request, probes: selection.probes })
      } catch {
        return { ok: false, message: 'the site cannot reach its measurement store' }
      }
      const until = Date.now() + deadlineMsOf(deps.registry, request.tool) + TRAVEL_SLACK_MS + deps.probeLostMs + 5000
      const state = await waitFor(created.id, until, signal).catch(() => null)
      if (!state) return { ok: false, message: 'the measurement expired or its store could not be reached' }
      return { ok: true, state }
    },
  }
}
