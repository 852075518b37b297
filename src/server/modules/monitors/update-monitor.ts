// PATCH /api/monitors/:id (and pause, resume, a new DNS baseline): checks the changes against the
// monitor's kind, this server's rules and the target policy, stores them and reschedules. A new target
// or DNS type starts over: state unknown, baseline recorded anew.
import type { UpdateMonitorRequest } from '../../../shared/monitors.ts'
import type { MonitorContext } from './context.ts'
import { checkInterval, checkPolicy, parseSettings, parseTarget, parseUpdate } from './monitor-input.ts'
import type { MonitorChanges, MonitorRecord } from './monitors-repository.ts'

export async function updateMonitor(
  ctx: MonitorContext,
  monitor: MonitorRecord,
  body: unknown,
  extra: Pick<MonitorChanges, 'baseline'> = {},
): Promise<MonitorRecord> {
  const request: UpdateMonitorRequest = parseUpdate(body)
  const changes: MonitorChanges = { ...extra }
  if (request.name !== undefined) changes.name = request.name
  if (request.target !== undefined) changes.target = parseTarget(monitor.kind, request.target)
  if (request.settings !== undefined) changes.settings = parseSettings(monitor.kind, request.settings)
  if (request.intervalMinutes !== undefined) {
    checkInterval(request.intervalMinutes, ctx.settings.minIntervalMinutes)
    changes.intervalMinutes = request.intervalMinutes
  }
  if (request.alertEmail !== undefined) changes.alertEmail = request.alertEmail
  if (request.webhookUrl !== undefined) changes.webhookUrl = request.webhookUrl
  if (request.confirmations !== undefined) changes.confirmations = request.confirmations
  if (request.paused !== undefined) changes.paused = request.paused
  await checkPolicy(ctx.net, monitor.kind, changes.target, changes.webhookUrl)

  const newTarget = changes.target !== undefined && changes.target !== monitor.target
  const newType = monitor.kind === 'dns' && changes.settings && changes.settings.type !== monitor.settings.type
  if (newTarget || newType) Object.assign(changes, { baseline: null, resetState: true })
  await ctx.monitors.update(monitor.id, changes, ctx.clock.now())
  const updated = (await ctx.monitors.findById(monitor.id)) ?? monitor
  const newInterval = changes.intervalMinutes !== undefined && changes.intervalMinutes !== monitor.intervalMinutes
  const pausedOrResumed = changes.paused !== undefined && changes.paused !== monitor.paused
  if (newInterval || pausedOrResumed) await ctx.scheduler().changed(updated)
  return updated
}
