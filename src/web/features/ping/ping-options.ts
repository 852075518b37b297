// The ping panel's extra controls turned into request options, checked by the shared schema.
import {
  PING_COUNT_DEFAULT,
  type PingOptions,
  pingOptions,
  TCP_PING_DEFAULT_PORT,
} from '../../../shared/tools/ping/schema.ts'

export interface PingControls {
  count: number
  /** "" lets the address decide. */
  family: '' | '4' | '6'
  mode: 'icmp' | 'tcp'
  /** TCP mode; blank for the default port. */
  port: string
}

export const initialPingControls: PingControls = { count: PING_COUNT_DEFAULT, family: '', mode: 'icmp', port: '' }
export const defaultPortHint = `Default ${TCP_PING_DEFAULT_PORT}`

export type PingOptionsCheck = { ok: true; value: PingOptions } | { ok: false; message: string }

/** Only options that differ from the defaults are sent. */
export function readPingOptions(controls: PingControls): PingOptionsCheck {
  const port = controls.port.trim()
  const candidate: Record<string, unknown> = {}
  if (controls.count !== PING_COUNT_DEFAULT) candidate.count = controls.count
  if (controls.family !== '') candidate.family = Number(controls.family)
  if (controls.mode === 'tcp') {
    candidate.mode = 'tcp'
    if (port !== '') candidate.port = /^\d+$/.test(port) ? Number(port) : Number.NaN
  }
  const parsed = pingOptions.safeParse(candidate)
  if (parsed.success) return { ok: true, value: parsed.data }
  return { ok: false, message: parsed.error.issues[0]?.message ?? 'Invalid ping options' }
}
