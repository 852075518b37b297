// The monitor form's values as typed (text), where they come from (defaults, a monitor, a tool
// result) and how they are read: every field checked with the shared schema, so the browser says
// exactly what the server would, field by field.
import {
  confirmations as confirmationsRule,
  intervalMinutes as intervalRule,
  MONITOR_DEFAULTS,
  type MonitorInput,
  type MonitorItem,
  type MonitorKind,
  monitorMessages,
  monitorName,
  monitorSettingsSchemas,
  monitorTargets,
  type UpdateMonitorRequest,
  webhookUrl as webhookRule,
} from '../../../shared/monitors.ts'
import type { ToolAnswer } from '../../../shared/tools/tool-answer.ts'
import { KIND_NAMES } from './monitor-text.ts'

/** The per-kind thresholds as typed; each kind reads only its own. */
export interface SettingsText {
  expiryDays: string
  /** "" when the grade is not watched. */
  minGrade: string
  dnsType: string
  /** "" when latency is not watched. */
  maxLatencyMs: string
  maxLossPercent: string
  maxAvgLatencyMs: string
}

export interface FormValues {
  kind: MonitorKind
  name: string
  target: string
  intervalMinutes: string
  confirmations: string
  alertEmail: boolean
  webhookUrl: string
  settings: SettingsText
}

export type FieldName = Exclude<keyof FormValues, 'settings'> | keyof SettingsText

/** What the form sends once every field is valid. */
export interface ReadMonitor {
  kind: MonitorKind
  name: string
  target: string
  settings: Record<string, unknown>
  intervalMinutes: number
  confirmations: number
  alertEmail: boolean
  webhookUrl: string | null
}

export type FormCheck = { ok: true; value: ReadMonitor } | { ok: false; errors: Partial<Record<FieldName, string>> }

const defaultSettings: SettingsText = {
  expiryDays: String(MONITOR_DEFAULTS.expiryDays),
  minGrade: '',
  dnsType: MONITOR_DEFAULTS.dnsType,
  maxLatencyMs: '',
  maxLossPercent: String(MONITOR_DEFAULTS.pingLossPercent),
  maxAvgLatencyMs: '',
}

export function defaultValues(kind: MonitorKind = 'website'): FormValues {
  return {
    kind,
    name: '',
    target: '',
    intervalMinutes: String(MONITOR_DEFAULTS.intervalMinutes),
    confirmations: String(MONITOR_DEFAULTS.confirmations),
    alertEmail: true,
    webhookUrl: '',
    settings: { ...defaultSettings },
  }
}

const text = (value: unknown, fallback: string) =>
  typeof value === 'number' || typeof value === 'string' ? String(value) : fallback

export function valuesOfMonitor(monitor: MonitorItem): FormValues {
  const s = monitor.settings
  return {
    kind: monitor.kind,
    name: monitor.name,
    target: monitor.target,
    intervalMinutes: String(monitor.intervalMinutes),
    confirmations: String(monitor.confirmations),
    alertEmail: monitor.alertEmail,
    webhookUrl: monitor.webhookUrl ?? '',
    settings: {
      expiryDays: text(s.expiryDays, defaultSettings.expiryDays),
      minGrade: text(s.minGrade, ''),
      dnsType: text(s.type, defaultSettings.dnsType),
      maxLatencyMs: text(s.maxLatencyMs, ''),
      maxLossPercent: text(s.maxLossPercent, defaultSettings.maxLossPercent),
      maxAvgLatencyMs: text(s.maxAvgLatencyMs, ''),
    },
  }
}

/** The grade an SSL result got, if it is one of the graded letters. */
function gradeOf(result: unknown): string | null {
  const grade = (result as { grade?: { grade?: unknown } } | null)?.grade?.grade
  return typeof grade === 'string' && /^(A\+|[A-F])$/.test(grade) ? grade : null
}

/** The one record type a DNS lookup asked for; null when it asked for several. */
function askedType(result: unknown): string | null {
  const queries = (result as { queries?: { type?: unknown }[] } | null)?.queries ?? []
  const type = queries.length === 1 ? queries[0]?.type : undefined
  return typeof type === 'string' ? type : null
}

/**
 * The form for watching a tool's answer: its kind and target, named after them, with the default
 * thresholds; an SSL result's grade becomes the lowest grade accepted, so a worse one alerts, and a
 * DNS lookup of one type watches that type.
 */
export function valuesOfAnswer(answer: ToolAnswer, kind: MonitorKind): FormValues {
  const values = defaultValues(kind)
  values.target = answer.input
  values.name = `${KIND_NAMES[kind]}: ${answer.input}`.slice(0, 100)
  if (kind === 'ssl') values.settings.minGrade = gradeOf(answer.result) ?? ''
  if (kind === 'dns') values.settings.dnsType = askedType(answer.result) ?? values.settings.dnsType
  return values
}

const NUMBER_LABELS: Partial<Record<FieldName, string>> = {
  intervalMinutes: 'Interval',
  confirmations: 'Confirmations',
  expiryDays: 'Expiry warning',
  maxLatencyMs: 'Latency threshold',
  maxLossPercent: 'Loss threshold',
  maxAvgLatencyMs: 'Latency threshold',
}

type NumberRead = { ok: true; value: number | undefined } | { ok: false; message: string }

function readNumber(field: FieldName, typed: string): NumberRead {
  const trimmed = typed.trim()
  if (trimmed === '') return { ok: true, value: undefined }
  const value = Number(trimmed)
  if (!Number.isFinite(value)) return { ok: false, message: `${NUMBER_LABELS[field] ?? field} must be a number` }
  return { ok: true, value }
}

/** The settings object of `kind` from what was typed; blank optional thresholds are left out. */
function settingsOf(kind: MonitorKind, s: SettingsText, errors: Partial<Record<FieldName, string>>) {
  const numbers: Partial<Record<keyof SettingsText, number>> = {}
  for (const field of ['expiryDays', 'maxLatencyMs', 'maxLossPercent', 'maxAvgLatencyMs'] as const) {
    const read = readNumber(field, s[field])
    if (!read.ok) errors[field] = read.message
    else if (read.value !== undefined) numbers[field] = read.value
  }
  switch (kind) {
    case 'ssl':
      return { expiryDays: numbers.expiryDays, ...(s.minGrade ? { minGrade: s.minGrade } : {}) }
    case 'mail':
      return { expiryDays: numbers.expiryDays }
    case 'dns':
      return { type: s.dnsType.trim() || MONITOR_DEFAULTS.dnsType }
    case 'website':
      return { maxLatencyMs: numbers.maxLatencyMs }
    case 'ping':
      return { maxLossPercent: numbers.maxLossPercent, maxAvgLatencyMs: numbers.maxAvgLatencyMs }
    case 'blacklist':
      return {}
  }
}

const SETTINGS_FIELDS: Record<string, keyof SettingsText> = {
  expiryDays: 'expiryDays',
  minGrade: 'minGrade',
  type: 'dnsType',
  maxLatencyMs: 'maxLatencyMs',
  maxLossPercent: 'maxLossPercent',
  maxAvgLatencyMs: 'maxAvgLatencyMs',
}

export interface ReadOptions {
  /** The server's smallest interval (GET /api/monitors limits). */
  minIntervalMinutes: number
  /** A watched result's target comes from its run: it is not checked here. */
  targetFixed?: boolean
}

/** Checks every field with the shared rules and returns what to send, or each field's message. */
export function readForm(values: FormValues, options: ReadOptions): FormCheck {
  const errors: Partial<Record<FieldName, string>> = {}
  const name = monitorName.safeParse(values.name)
  if (!name.success) errors.name = name.error.issues[0]?.message
  const target = options.targetFixed
    ? { success: true as const, data: values.target }
    : monitorTargets[values.kind].safeParse(values.target)
  if (!target.success) errors.target = target.error.issues[0]?.message

  const interval = readNumber('intervalMinutes', values.intervalMinutes)
  const checkedInterval = intervalRule.safeParse(interval.ok ? interval.value : Number.NaN)
  if (!interval.ok) errors.intervalMinutes = interval.message
  else if (!checkedInterval.success) errors.intervalMinutes = checkedInterval.error.issues[0]?.message
  else if (checkedInterval.data < options.minIntervalMinutes)
    errors.intervalMinutes = monitorMessages.intervalTooShort(options.minIntervalMinutes)

  const confirmations = readNumber('confirmations', values.confirmations)
  const checkedConfirmations = confirmationsRule.safeParse(confirmations.ok ? confirmations.value : Number.NaN)
  if (!confirmations.ok) errors.confirmations = confirmations.message
  else if (!checkedConfirmations.success) errors.confirmations = checkedConfirmations.error.issues[0]?.message

  const typedWebhook = values.webhookUrl.trim()
  const webhook = typedWebhook === '' ? null : webhookRule.safeParse(typedWebhook)
  if (webhook && !webhook.success) errors.webhookUrl = webhook.error.issues[0]?.message

  const settingsInput = settingsOf(values.kind, values.settings, errors)
  const settings = monitorSettingsSchemas[values.kind].safeParse(settingsInput)
  if (!settings.success) {
    for (const issue of settings.error.issues) {
      const field = SETTINGS_FIELDS[String(issue.path[0])]
      if (field && !errors[field]) errors[field] = issue.message
    }
  }

  if (
    Object.keys(errors).length > 0 ||
    !name.success ||
    !target.success ||
    !checkedInterval.success ||
    !checkedConfirmations.success ||
    !settings.success ||
    (webhook && !webhook.success)
  ) {
    return { ok: false, errors }
  }
  return {
    ok: true,
    value: {
      kind: values.kind,
      name: name.data,
      target: target.data,
      settings: Object.fromEntries(Object.entries(settings.data).filter(([, v]) => v !== undefined)),
      intervalMinutes: checkedInterval.data,
      confirmations: checkedConfirmations.data,
      alertEmail: values.alertEmail,
      webhookUrl: webhook ? webhook.data : null,
    },
  }
}

/** The body of POST /api/monitors for a new monitor; readForm checked the settings with the kind's schema. */
export function newMonitorRequest(read: ReadMonitor): MonitorInput {
  return read as MonitorInput
}

/** The body of PATCH /api/monitors/:id: everything the edit form holds (the kind stays). */
export function monitorChanges(read: ReadMonitor): UpdateMonitorRequest {
  const { kind: _kind, ...changes } = read
  return changes
}
