// Traceroute: request options, per-hop result, streamed progress and the text rendering.
import { z } from 'zod'
import { hostInput } from '../../validation.ts'
import { toolRequest, toolResponse } from '../tool-answer.ts'

export const TRACEROUTE_MAX_HOPS = 30
/** Probe size on the wire (IP header included), as the product's header line says. */
export const TRACEROUTE_PACKET_BYTES = 60
export const TRACEROUTE_COUNT_DEFAULT = 5
export const TRACEROUTE_COUNT_MAX = 10
export const TRACEROUTE_PROTOCOLS = ['icmp', 'udp', 'tcp'] as const

export const tracerouteOptions = z.object({
  /** Probes per hop. */
  count: z.number().int().min(1, 'Count must be 1 to 10').max(TRACEROUTE_COUNT_MAX, 'Count must be 1 to 10').optional(),
  family: z.union([z.literal(4), z.literal(6)]).optional(),
  protocol: z.enum(TRACEROUTE_PROTOCOLS).optional(),
  /** Destination port for UDP and TCP probes. */
  port: z.number().int().min(1, 'Port must be 1 to 65535').max(65535, 'Port must be 1 to 65535').optional(),
})
export type TracerouteOptions = z.infer<typeof tracerouteOptions>

export const tracerouteRequest = toolRequest(hostInput, tracerouteOptions)

export const tracerouteHop = z.object({
  /** 1-based distance from this server. */
  hop: z.number().int(),
  /** The address that answered; null for a silent hop. */
  address: z.string().nullable(),
  /** Further addresses that answered at this distance (load-balanced paths). */
  otherAddresses: z.array(z.string()),
  hostname: z.string().optional(),
  asn: z.object({ number: z.number().int(), name: z.string() }).optional(),
  sent: z.number().int(),
  received: z.number().int(),
  lossPercent: z.number(),
  lastMs: z.number().nullable(),
  avgMs: z.number().nullable(),
  bestMs: z.number().nullable(),
  worstMs: z.number().nullable(),
  stdevMs: z.number().nullable(),
})
export type TracerouteHop = z.infer<typeof tracerouteHop>

export const tracerouteResult = z.object({
  host: z.string(),
  address: z.string(),
  family: z.union([z.literal(4), z.literal(6)]),
  protocol: z.enum(TRACEROUTE_PROTOCOLS),
  port: z.number().int().optional(),
  maxHops: z.number().int(),
  packetBytes: z.number().int(),
  probesPerHop: z.number().int(),
  /** Whether the destination itself answered. */
  reached: z.boolean(),
  hops: z.array(tracerouteHop),
})
export type TracerouteResult = z.infer<typeof tracerouteResult>

/** SSE `progress` events: one `start`, then a `hop` each time a hop's address or timings change. */
export const tracerouteProgress = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('start'),
    host: z.string(),
    address: z.string(),
    family: z.union([z.literal(4), z.literal(6)]),
    protocol: z.enum(TRACEROUTE_PROTOCOLS),
    maxHops: z.number().int(),
    packetBytes: z.number().int(),
  }),
  z.object({ type: z.literal('hop'), hop: tracerouteHop }),
])
export type TracerouteProgress = z.infer<typeof tracerouteProgress>

export const tracerouteResponse = toolResponse('traceroute', tracerouteResult)
