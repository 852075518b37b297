// What is my IP: the caller's address as this server sees it, with location, network and PTR name.
import { z } from 'zod'
import { attribution, ipLocation, ipNetwork } from '../ip-data.ts'
import { toolResponse } from '../tool-answer.ts'

/** No input: an absent or empty input is accepted (and ignored). */
export const whatismyipRequest = z.object({
  input: z.string().max(2048).optional().default(''),
  options: z.object({}).optional(),
})

export const whatismyipResult = z.object({
  ip: z.string(),
  family: z.union([z.literal(4), z.literal(6)]),
  /** The PTR name of the address, when it has one. */
  reverseName: z.string().optional(),
  location: ipLocation.optional(),
  network: ipNetwork.optional(),
  /** Why a part is missing (private address, no PTR record, resolver timeout). */
  notes: z.array(z.string()),
  attributions: z.array(attribution),
})
export type WhatismyipResult = z.infer<typeof whatismyipResult>

export const whatismyipResponse = toolResponse('whatismyip', whatismyipResult)
