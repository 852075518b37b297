// Once every row of a measurement is settled: store it as one run (permalinks, src/server/modules/results)
// and, for a signed-in owner, in their history; then mark it finished. One process does it (a claim in
// the store); another takes over if that one dies before marking it.
import type { FastifyBaseLogger as Logger } from 'fastify'
import type { MeasurementRow, StoredMeasurement } from '../../../shared/measurements.ts'
import type { RunsRepository, StoredAnswer } from '../runs/repository.ts'
import type { ToolResultsRepository } from '../saved-results/repository.ts'
import type { MeasurementState, MeasurementStore } from './measurement-store.ts'

const FINISH_LOCK_MS = 15_000

function placeOf(row: MeasurementRow): string {
  const { probe } = row
  const where = [probe.city, probe.country].filter(Boolean).join(', ')
  const network = probe.asn !== null ? `AS${probe.asn}${probe.network ? ` ${probe.network}` : ''}` : probe.network
  return [probe.name, where, network].filter(Boolean).join(', ')
}

function lineOf(row: MeasurementRow): string {
  const outcome =
    row.status === 'finished'
      ? (row.result?.lines[0] ?? row.result?.error ?? row.result?.status ?? 'answered')
      : `${row.status}: ${row.error ?? ''}`
  return `${placeOf(row)}: ${outcome}`
}

/** The run a finished measurement is stored as (its shape is documented in src/shared/measurements.ts). */
export function measurementAnswer(state: MeasurementState, now: Date): StoredAnswer {
  const result: StoredMeasurement = {
    kind: 'measurement',
    id: state.id,
    tool: state.tool,
    input: state.input,
    options: state.options,
    locations: state.locations,
    createdAt: state.createdAt,
    results: state.results,
  }
  const answered = state.results.some((row) => row.status === 'finished')
  return {
    tool: state.tool,
    input: state.input,
    status: answered ? 'ok' : 'failed',
    result,
    lines: state.results.map(lineOf),
    durationMs: Math.max(0, now.getTime() - Date.parse(state.createdAt)),
    ...(answered ? {} : { failureSource: 'server' as const, error: 'No probe answered' }),
  }
}

export interface FinishDeps {
  store: MeasurementStore
  runs: Pick<RunsRepository, 'insert'>
  history: Pick<ToolResultsRepository, 'insert'>
  serverName: string
  log: Logger
}

export function createMeasurementFinisher(deps: FinishDeps): (measurementId: string) => Promise<void> {
  return async (measurementId) => {
    const state = await deps.store.get(measurementId)
    if (!state || state.status === 'finished' || state.results.some((row) => row.status === 'in-progress')) return
    if (!(await deps.store.claimFinish(measurementId, FINISH_LOCK_MS))) return
    const answer = measurementAnswer(state, new Date())
    let runId: string | undefined
    try {
      runId = await deps.runs.insert({ userId: state.userId, answer, server: deps.serverName })
    } catch (error) {
      deps.log.error({ err: error, measurementId }, 'storing a measurement run failed')
    }
    if (state.userId && answer.status === 'ok') {
      await deps.history
        .insert({ userId: state.userId, toolName: state.tool, inputValue: state.input, resultData: answer.result })
        .catch((error: unknown) =>
          deps.log.error({ err: error, measurementId }, 'saving a measurement to the history failed'),
        )
    }
    await deps.store.finish(measurementId, runId)
  }
}
