// One check of one monitor: the real tool through the diagnostics registry (the same code as
// POST /api/tools/:id), admitted against the owner's limits, stored as a run, judged, and folded
// into the monitor's confirmed state; a confirmed change is recorded and alerted.
import type { FastifyBaseLogger } from 'fastify'
import type { Net } from '../../../diagnostics/net/net.ts'
import { findDiagnostic, type Registry } from '../../../diagnostics/registry.ts'
import { runTool } from '../../../diagnostics/run/run-tool.ts'
import { type DnsMonitorSettings, MONITOR_TOOL, monitorSettingsSchemas } from '../../../shared/monitors.ts'
import { resultPath } from '../../../shared/results.ts'
import type { ToolAnswer } from '../../../shared/tools/tool-answer.ts'
import type { RunAdmission } from '../limits/register-limits.ts'
import type { MeasurementService } from '../measurements/measurement-service.ts'
import type { RunsRepository } from '../runs/repository.ts'

import type { Alerter } from './alerts.ts'
import type { ChecksRepository } from './checks-repository.ts'
import { advanceState, alertKind } from './confirm-state.ts'
import { evaluateDnsLocations } from './evaluate/dns-locations.ts'
import { KIND_RULES } from './evaluate/evaluators.ts'
import type { Verdict } from './evaluate/verdict.ts'
import type { MonitorRecord, MonitorsRepository } from './monitors-repository.ts'
import type { Clock } from './schedule.ts'

export interface CheckRunnerDeps {
  monitors: MonitorsRepository
  checks: ChecksRepository
  runs: Pick<RunsRepository, 'insert' | 'share'>
  registry: Registry
  net: Net
  admission: Pick<RunAdmission, 'admitAccount'>
  alerts: Pick<Alerter, 'send'>
  serverName: string
  publicUrl: string
  clock: Clock
  log: FastifyBaseLogger
  /** Measurements from probes: a DNS monitor with locations is checked from them. */
  measurements?: Pick<MeasurementService, 'measure'>
  /** Told about every tool run a check made (metrics). */
  onAnswer?: (answer: ToolAnswer) => void
}

export type CheckOutcome = 'ran' | 'skipped'

export interface CheckRunner {
  /** Runs the check of `slot` (epoch ms) unless the monitor is gone, paused, switched off or the slot already ran. */
  run(monitorId: string, slot: number): Promise<CheckOutcome>
}

/** How long a check may wait in line for a slot of its tool before it counts as not checked. */
const ADMISSION_WAIT_MS = 60_000
/** A measurement from probes ends by its tool's deadline; this bounds the wait for it in any case. */
const MEASUREMENT_WAIT_MS = 120_000

interface ToolRequest {
  input: string
  options?: object
}

export function createCheckRunner(deps: CheckRunnerDeps): CheckRunner {
  const measure = async (monitor: MonitorRecord): Promise<{ verdict: Verdict; runId: string | null }> => {
    const tool = MONITOR_TOOL[monitor.kind]
    const diagnostic = findDiagnostic(tool, deps.registry)
    const notChecked = (why: string) => ({
      verdict: { state: 'unknown' as const, value: null, summary: `Not checked: ${why}` },
      runId: null,
    })
    if (!diagnostic) return notChecked(`the ${tool} tool is not available on this server`)
    const rules = KIND_RULES[monitor.kind]
    const settings = monitorSettingsSchemas[monitor.kind].parse(monitor.settings)
    const request = diagnostic.request.safeParse(rules.request(monitor.target, settings as never))
    if (!request.success) return notChecked(request.error.issues[0]?.message ?? 'the target is not valid')
    const locations = monitor.kind === 'dns' ? ((settings as DnsMonitorSettings).locations ?? []) : []
    if (locations.length > 0) {
      return fromLocations(monitor, settings as DnsMonitorSettings, locations, request.data as ToolRequest)
    }

    const waited = AbortSignal.timeout(ADMISSION_WAIT_MS)
    const admission = await deps.admission.admitAccount(monitor.userId, tool, waited)
    if (!admission.admitted) return notChecked(admission.refusal.message)
    let answer: ToolAnswer
    try {
      answer = await runTool(diagnostic, request.data, { net: deps.net, signal: new AbortController().signal })
    } catch (error) {
      // A fault of our own code: the diagnostic itself reports a failed check as a failed answer.
      deps.log.error({ err: error, monitor: monitor.id }, 'a monitor check failed on this server')
      return notChecked('the check failed on this server')
    } finally {
      admission.release()
    }
    deps.onAnswer?.(answer)
    const runId = await deps.runs
      .insert({ userId: monitor.userId, answer, server: deps.serverName })
      .catch((error: unknown) => {
        deps.log.error({ err: error, monitor: monitor.id }, 'storing a monitor check run failed')
        return null
      })
    const verdict = rules.evaluate({
      settings: settings as never,
      answer,
      baseline: monitor.baseline,
      now: deps.clock.now(),
    })
    return { verdict, runId }
  }

  /** A DNS monitor with locations: one measurement from their probes, judged place by place. */
  const fromLocations = async (
    monitor: MonitorRecord,
    settings: DnsMonitorSettings,
    locations: string[],
    request: ToolRequest,
  ): Promise<{ verdict: Verdict; runId: string | null }> => {
    const notChecked = (why: string) => ({
      verdict: { state: 'unknown' as const, value: null, summary: `Not checked: ${why}` },
      runId: null,
    })
    if (!deps.measurements) return notChecked('measurements from probes are not available on this server')
    const outcome = await deps.measurements.measure(
      {
        tool: 'dns',
        input: request.input,
        options: (request.options ?? {}) as Record<string, unknown>,
        locations,
        userId: monitor.userId,
      },
      AbortSignal.timeout(ADMISSION_WAIT_MS + MEASUREMENT_WAIT_MS),
    )
    if (!outcome.ok) return notChecked(outcome.message)
    const verdict = evaluateDnsLocations({ settings, rows: outcome.state.results, baseline: monitor.baseline })
    return { verdict, runId: outcome.state.runId ?? null }
  }

  const permalink = async (runId: string | null): Promise<{ shareId: string | null; url: string | null }> => {
    if (!runId) return { shareId: null, url: null }
    try {
      const { shareId } = await deps.runs.share(runId, null)
      return { shareId, url: new URL(resultPath(shareId), deps.publicUrl).href }
    } catch (error) {
      deps.log.error({ err: error }, 'sharing a monitor check run failed')
      return { shareId: null, url: null }
    }
  }

  return {
    async run(monitorId, slot) {
      const monitor = await deps.monitors.findById(monitorId)
      if (!monitor || monitor.paused) return 'skipped'
      if (await deps.monitors.isBlocked(monitor.userId)) return 'skipped'
      if (!(await deps.monitors.claimSlot(monitor.id, slot))) return 'skipped'
      // Which process ran which slot, and how late: the log shows a slot run once and where.
      deps.log.info({ monitor: monitor.id, slot, lateMs: deps.clock.now() - slot }, 'monitor check started')

      const { verdict, runId } = await measure(monitor)
      // The operator may have switched the account off while the check ran: nothing is recorded.
      if (await deps.monitors.isBlocked(monitor.userId)) return 'skipped'
      const at = deps.clock.now()
      const { track, change } = advanceState(monitor.track, verdict.state, monitor.confirmations)
      await deps.checks.insertCheck(monitor.id, { at, ...verdict, runId, transition: change !== undefined })
      await deps.monitors.saveOutcome(monitor.id, { track, summary: verdict.summary, at, baseline: verdict.baseline })
      if (!change) return 'ran'

      const kind = alertKind(change)
      const link = await permalink(runId)
      const eventId = await deps.checks.insertEvent(monitor.id, {
        at,
        from: change.from,
        to: change.to,
        summary: verdict.summary,
        shareId: link.shareId,
        alertEmail: false,
        webhook: kind && monitor.webhookUrl ? 'pending' : 'none',
      })
      if (kind) {
        deps.alerts.send(monitor, {
          eventId,
          kind,
          payload: {
            event: kind === 'problem' ? 'monitor.problem' : 'monitor.recovered',
            monitor: { id: monitor.id, name: monitor.name, kind: monitor.kind, target: monitor.target },
            from: change.from,
            to: change.to,
            summary: verdict.summary,
            time: new Date(at).toISOString(),
            resultUrl: link.url,
          },
        })
      }
      return 'ran'
    },
  }
}
