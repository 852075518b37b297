// One row of a measurement, seen through to its outcome: hand the task to its probe (or run it here
// for the site's own probe), then watch the row until the probe's result settles it, the probe is out
// of touch for longer than the grace period (probe-lost) or the tool's deadline passes. Safe to run
// again for the same row (a job taken over from a killed process): a settled row is left alone and a
// probe already running the task just says so.

import { createTaskLines } from '../../../probe/task-lines.ts'
import { findEntry } from '../../../shared/catalogue.ts'
import type { ProbeLocation } from '../../../shared/measurements.ts'
import { PROBE_LINE_CAPS, type ProbeResult, type ProbeTask } from '../../../shared/probe-protocol.ts'
import type { LocalProbe } from './local-probe.ts'
import { type MeasurementStore, type RowOutcome, taskIdOf } from './measurement-store.ts'
import type { ProbeDirectory } from './probe-directory.ts'
import type { ProbeChannel } from './probe-server.ts'

export interface RowJob {
  measurementId: string
  index: number
  probe: ProbeLocation
  tool: ProbeTask['tool']
  request: ProbeTask['request']
  /** Epoch ms after which the row fails for want of an answer. */
  deadlineAt: number
}

export interface RowDispatchDeps {
  store: MeasurementStore
  directory: ProbeDirectory
  channel?: ProbeChannel
  localProbe?: LocalProbe
  probeLostMs: number
  /** Stores the measurement once its last row is settled (idempotent). */
  finishIfDone(measurementId: string): Promise<void>
  /** A connected probe took the task and gave no answer within the tool's time limit. */
  onProbeTimeout?(probe: ProbeLocation): Promise<void>
}

/** A probe's result as a row outcome. */
export function outcomeOf(result: ProbeResult): RowOutcome {
  if (result.answer) return { status: 'finished', result: result.answer }
  return { status: 'failed', error: result.error ?? 'The probe gave no answer' }
}

export function lostOutcome(probe: ProbeLocation): RowOutcome {
  return { status: 'probe-lost', error: `Probe ${probe.name} disconnected before it answered` }
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

export async function dispatchRow(job: RowJob, deps: RowDispatchDeps): Promise<void> {
  const { store } = deps
  const taskId = taskIdOf(job.measurementId, job.index)
  const task: ProbeTask = { taskId, tool: job.tool, request: job.request }
  const settle = async (outcome: RowOutcome) => {
    await store.settleRow(job.measurementId, job.index, outcome)
    await store.removeProbeTask(job.probe.id, taskId)
  }
  const pending = async () => (await store.row(job.measurementId, job.index))?.status === 'in-progress'

  if (await pending()) {
    if (job.probe.local) {
      const left = job.deadlineAt - Date.now()
      if (!deps.localProbe) await settle({ status: 'failed', error: 'This server no longer offers its own probe' })
      else if (left <= 0) await settle({ status: 'failed', error: 'This server did not run it within the time limit' })
      else await settle(await runLocally(job, task, deps.localProbe, store, left))
    } else {
      await watchRemoteRow(job, task, deps, settle, pending)
    }
  }
  await deps.finishIfDone(job.measurementId)
}

/** Runs the row on the site's own probe, its lines appended to the row as they come, all before its outcome. */
async function runLocally(job: RowJob, task: ProbeTask, probe: LocalProbe, store: MeasurementStore, leftMs: number) {
  let appended: Promise<unknown> = Promise.resolve()
  const lines = createTaskLines((line) => {
    const kept = { probeId: job.probe.id, seq: line.seq, text: line.line, maxLines: PROBE_LINE_CAPS.perTask }
    appended = appended.then(() => store.appendLine(job.measurementId, job.index, kept)).catch(() => undefined)
    return true
  })
  const result = await probe.run(task, AbortSignal.timeout(leftMs), lines.listen(task.taskId, task.tool))
  await appended
  return outcomeOf(result)
}

async function watchRemoteRow(
  job: RowJob,
  task: ProbeTask,
  deps: RowDispatchDeps,
  settle: (outcome: RowOutcome) => Promise<void>,
  pending: () => Promise<boolean>,
) {
  let accepted = false
  let absentSince: number | undefined
  const absent = (now: number) => {
    absentSince ??= now
    return now - absentSince >= deps.probeLostMs
  }
  while (await pending()) {
    const now = Date.now()
    if (now >= job.deadlineAt) {
      const online = await deps.directory.isOnline(job.probe.id)
      const name = findEntry(job.tool)?.name ?? job.tool
      if (online && accepted) await deps.onProbeTimeout?.(job.probe).catch(() => undefined)
      return settle(
        online
          ? { status: 'failed', error: `Probe ${job.probe.name} gave no ${name} answer within the tool's time limit` }
          : lostOutcome(job.probe),
      )
    }
    if (!accepted) {
      const delivery = deps.channel ? await deps.channel.sendTask(job.probe.id, task) : { status: 'absent' as const }
      if (delivery.status === 'refused') return settle({ status: 'failed', error: delivery.error })
      if (delivery.status === 'absent') {
        if (absent(Date.now())) return settle(lostOutcome(job.probe))
        await pause(300)
        continue
      }
      accepted = true
      absentSince = undefined
      // From now on the probe owes this result: if it comes back without it, the row is lost at once.
      await deps.store.addProbeTask(job.probe.id, task.taskId)
    } else if (await deps.directory.isOnline(job.probe.id)) {
      absentSince = undefined
    } else if (absent(now)) {
      return settle(lostOutcome(job.probe))
    }
    await deps.store.waitForRow(job.measurementId, job.index, Math.min(1000, job.deadlineAt - now))
  }
}
