// The traceroute panel's extra controls turned into request options, checked by the shared schema.
import {
  TRACEROUTE_COUNT_DEFAULT,
  type TracerouteOptions,
  tracerouteOptions,
} from '../../../shared/tools/traceroute/schema.ts'

export interface TracerouteControls {
  count: number
  family: '' | '4' | '6'
  protocol: 'icmp' | 'udp' | 'tcp'
  /** UDP/TCP; blank for the default (33434 for UDP, 80 for TCP). */
  port: string
}

export const initialTracerouteControls: TracerouteControls = {
  count: TRACEROUTE_COUNT_DEFAULT,
  family: '',
  protocol: 'icmp',
  port: '',
}

export type TracerouteOptionsCheck = { ok: true; value: TracerouteOptions } | { ok: false; message: string }

/** Only options that differ from the defaults are sent. */
export function readTracerouteOptions(controls: TracerouteControls): TracerouteOptionsCheck {
  const port = controls.port.trim()
  const candidate: Record<string, unknown> = {}
  if (controls.count !== TRACEROUTE_COUNT_DEFAULT) candidate.count = controls.count
  if (controls.family !== '') candidate.family = Number(controls.family)
  if (controls.protocol !== 'icmp') {
    candidate.protocol = controls.protocol
    if (port !== '') candidate.port = /^\d+$/.test(port) ? Number(port) : Number.NaN
  }
  const parsed = tracerouteOptions.safeParse(candidate)
  if (parsed.success) return { ok: true, value: parsed.data }
  return { ok: false, message: parsed.error.issues[0]?.message ?? 'Invalid traceroute options' }
}
