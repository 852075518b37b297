// Ping: request options, result shape, streamed progress and the ping-like text rendering.
import { z } from 'zod'
import { hostInput } from '../../validation.ts'
import { toolRequest, toolResponse } from '../tool-answer.ts'

export const PING_COUNT_DEFAULT = 4
export const PING_COUNT_MAX = 10
export const PING_MODES = ['icmp', 'tcp'] as const
export const TCP_PING_DEFAULT_PORT = 443

export const pingOptions = z.object({
  count: z.number().int().min(1, 'Count must be 1 to 10').max(PING_COUNT_MAX, 'Count must be 1 to 10').optional(),
  /** Address family to use for a name; an IP literal decides for itself. */
  family: z.union([z.literal(4), z.literal(6)]).optional(),
  /** ICMP echo (system ping) or timed TCP connections. */
  mode: z.enum(PING_MODES).optional(),
  /** TCP mode only (default 443). */
  port: z.number().int().min(1, 'Port must be 1 to 65535').max(65535, 'Port must be 1 to 65535').optional(),
})
export type PingOptions = z.infer<typeof pingOptions>

export const pingRequest = toolRequest(hostInput, pingOptions)

export const pingReply = z.object({
  seq: z.number().int(),
  /** reply: an answer arrived (for TCP: connected or refused); timeout: none in time; error: an ICMP error or a failed connect. */
  status: z.enum(['reply', 'timeout', 'error']),
  from: z.string().optional(),
  bytes: z.number().int().optional(),
  ttl: z.number().int().optional(),
  timeMs: z.number().optional(),
  /** "Destination Host Unreachable", "port open", "connection refused", ... */
  detail: z.string().optional(),
  duplicate: z.boolean().optional(),
})
export type PingReply = z.infer<typeof pingReply>

export const pingSummary = z.object({
  sent: z.number().int(),
  received: z.number().int(),
  errors: z.number().int(),
  duplicates: z.number().int(),
  lossPercent: z.number(),
  minMs: z.number().nullable(),
  avgMs: z.number().nullable(),
  maxMs: z.number().nullable(),
  mdevMs: z.number().nullable(),
  /** Wall time of the whole run as ping reports it. */
  timeMs: z.number().nullable(),
})
export type PingSummary = z.infer<typeof pingSummary>

export const pingResult = z.object({
  host: z.string(),
  address: z.string(),
  family: z.union([z.literal(4), z.literal(6)]),
  mode: z.enum(PING_MODES),
  port: z.number().int().optional(),
  /** ICMP data bytes per probe (56 unless changed). */
  payloadBytes: z.number().int().optional(),
  replies: z.array(pingReply),
  summary: pingSummary,
  /** Remarks such as a fall back from ICMP to TCP. */
  notes: z.array(z.string()),
})
export type PingResult = z.infer<typeof pingResult>

/** SSE `progress` events: one `start`, then one `reply` per probe as it is answered or given up. */
export const pingProgress = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('start'),
    host: z.string(),
    address: z.string(),
    family: z.union([z.literal(4), z.literal(6)]),
    mode: z.enum(PING_MODES),
    port: z.number().int().optional(),
    count: z.number().int(),
  }),
  z.object({ type: z.literal('reply'), reply: pingReply }),
])
export type PingProgress = z.infer<typeof pingProgress>

export const pingResponse = toolResponse('ping', pingResult)
