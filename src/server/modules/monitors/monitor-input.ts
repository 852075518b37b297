// Checks what an owner sends (POST and PATCH /api/monitors): the shared schemas, then this server's
// rules (smallest interval) and the target policy for the target and the webhook.
import type { z } from 'zod'
import type { Net } from '../../../diagnostics/net/net.ts'
import {
  type MonitorKind,
  monitorFromRunInput,
  monitorInput,
  monitorMessages,
  monitorSettingsSchemas,
  monitorTargets,
  updateMonitorRequest,
} from '../../../shared/monitors.ts'
import { targetRefusal, webhookRefusal } from './target-policy.ts'

export class MonitorInputError extends Error {
  readonly status: 400 | 403 | 404 | 409
  readonly type: string
  constructor(status: 400 | 403 | 404 | 409, type: string, message: string) {
    super(message)
    this.status = status
    this.type = type
  }
}

const invalid = (message: string) => new MonitorInputError(400, 'invalid_input', message)

/** The first issue, named by its field when the message does not say which. */
function firstIssue(error: z.ZodError): string {
  const issue = error.issues[0]
  if (!issue) return 'Invalid request'
  const generic = issue.code === 'invalid_type' || issue.code === 'invalid_value' || issue.code === 'invalid_union'
  const where = issue.path.join('.')
  return generic && where && !issue.message.startsWith(where) ? `${where}: ${issue.message}` : issue.message
}

export function parseOrThrow<T>(schema: z.ZodType<T>, body: unknown): T {
  const parsed = schema.safeParse(body)
  if (!parsed.success) throw invalid(firstIssue(parsed.error))
  return parsed.data
}

export function parseCreate(body: unknown) {
  const fromRun = typeof body === 'object' && body !== null && 'fromRunId' in body
  return fromRun ? { fromRun: parseOrThrow(monitorFromRunInput, body) } : { direct: parseOrThrow(monitorInput, body) }
}

export const parseUpdate = (body: unknown) => parseOrThrow(updateMonitorRequest, body ?? {})

export function parseTarget(kind: MonitorKind, target: string): string {
  return parseOrThrow(monitorTargets[kind] as z.ZodType<string>, target)
}

export function parseSettings(kind: MonitorKind, settings: unknown): Record<string, unknown> {
  return parseOrThrow(monitorSettingsSchemas[kind] as z.ZodType<Record<string, unknown>>, settings)
}

export function checkInterval(intervalMinutes: number, minIntervalMinutes: number): void {
  if (intervalMinutes < minIntervalMinutes) throw invalid(monitorMessages.intervalTooShort(minIntervalMinutes))
}

export async function checkPolicy(
  net: Pick<Net, 'resolveTarget' | 'policy'>,
  kind: MonitorKind,
  target: string | undefined,
  webhookUrl: string | null | undefined,
): Promise<void> {
  if (target !== undefined) {
    const refused = await targetRefusal(net, kind, target)
    if (refused) throw invalid(`This target is refused: ${refused}`)
  }
  if (webhookUrl) {
    const refused = await webhookRefusal(net, webhookUrl)
    if (refused) throw invalid(refused)
  }
}
