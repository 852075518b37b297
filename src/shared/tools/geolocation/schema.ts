// Geolocation: where an IP address (or a domain's address) is, from the offline DB-IP database.
import { z } from 'zod'
import { hostOrUrlInput } from '../../validation.ts'
import { attribution, ipLocation, ipNetwork } from '../ip-data.ts'
import { toolRequest, toolResponse } from '../tool-answer.ts'

export const geolocationRequest = toolRequest(hostOrUrlInput, z.object({}))

export const geolocationResult = z.object({
  query: z.string(),
  /** The name looked up, when the input was a domain. */
  host: z.string().optional(),
  /** The address located. */
  ip: z.string(),
  /** Every address the name resolved to. */
  addresses: z.array(z.string()),
  location: ipLocation,
  network: ipNetwork.optional(),
  attributions: z.array(attribution),
})
export type GeolocationResult = z.infer<typeof geolocationResult>

export const geolocationResponse = toolResponse('geolocation', geolocationResult)
