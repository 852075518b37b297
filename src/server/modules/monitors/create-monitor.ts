// POST /api/monitors: checks the body, the account's cap and kill switch, the target policy for the
// target and the webhook, stores the monitor and schedules it.
import { randomBytes } from 'node:crypto'
import { MONITOR_DEFAULTS, monitorMessages } from '../../../shared/monitors.ts'
import type { SessionUser } from '../../current-user.ts'
import type { MonitorContext } from './context.ts'
import { defaultMonitorName, deriveMonitor } from './from-run.ts'
import { checkInterval, checkPolicy, MonitorInputError, parseCreate } from './monitor-input.ts'
import type { MonitorRecord } from './monitors-repository.ts'

export const newWebhookSecret = () => `whsec_${randomBytes(24).toString('base64url')}`

async function fromRunFields(ctx: MonitorContext, user: SessionUser, runId: string) {
  const run = await ctx.runs.findByRunId(runId)
  if (!run || run.userId !== user.id) throw new MonitorInputError(404, 'not_found', monitorMessages.runNotFound)
  const derived = deriveMonitor(run)
  if (!derived.ok) throw new MonitorInputError(400, 'invalid_input', derived.message)
  return derived
}

export async function createMonitor(
  ctx: MonitorContext,
  user: SessionUser,
  body: unknown,
): Promise<{ monitor: MonitorRecord; secret: string }> {
  const parsed = parseCreate(body)
  if (await ctx.monitors.isBlocked(user.id)) throw new MonitorInputError(403, 'forbidden', monitorMessages.disabled)
  if ((await ctx.monitors.countByUser(user.id)) >= ctx.settings.maxPerUser)
    throw new MonitorInputError(409, 'too_many_monitors', monitorMessages.tooMany(ctx.settings.maxPerUser))

  const fields = parsed.fromRun
    ? { ...(await fromRunFields(ctx, user, parsed.fromRun.fromRunId)), ...parsed.fromRun }
    : parsed.direct
  const { kind, target, settings } = fields
  // Without an interval: the default, or this server's smallest when that is longer.
  const given = (body as { intervalMinutes?: unknown }).intervalMinutes
  const intervalMinutes =
    given === undefined
      ? Math.max(MONITOR_DEFAULTS.intervalMinutes, ctx.settings.minIntervalMinutes)
      : (fields.intervalMinutes ?? 5)
  checkInterval(intervalMinutes, ctx.settings.minIntervalMinutes)
  await checkPolicy(ctx.net, kind, target, fields.webhookUrl)

  const now = ctx.clock.now()
  const monitor: MonitorRecord = {
    id: randomBytes(12).toString('base64url'),
    userId: user.id,
    name: fields.name ?? defaultMonitorName(kind, target),
    kind,
    target,
    settings: settings as Record<string, unknown>,
    intervalMinutes,
    alertEmail: fields.alertEmail ?? true,
    webhookUrl: fields.webhookUrl ?? null,
    webhookSecret: newWebhookSecret(),
    confirmations: fields.confirmations ?? 2,
    paused: fields.paused ?? false,
    track: { state: 'unknown', pendingState: null, pendingCount: 0 },
    baseline: null,
    summary: null,
    lastCheckAt: null,
    nextCheckAt: null,
    createdAt: now,
  }
  await ctx.monitors.insert(monitor)
  await ctx.scheduler().changed(monitor)
  const stored = await ctx.monitors.findById(monitor.id)
  return { monitor: stored ?? monitor, secret: monitor.webhookSecret }
}
