// Geolocation: where an IP address (or a domain's address) is, from the offline DB-IP database.
import { z } from 'zod'
import { hostOrUrlInput } from '../validation.ts'
import { toolRequest, toolResponse } from './common.ts'
import { attribution, attributionLine, ipLocation, ipNetwork, locationLines, networkLine } from './ip-data.ts'

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

export function geolocationLines(result: GeolocationResult): string[] {
  const lines = [result.host ? `IP: ${result.ip} (${result.host})` : `IP: ${result.ip}`]
  const others = result.addresses.filter((a) => a !== result.ip)
  if (others.length > 0) lines.push(`Other addresses: ${others.join(', ')}`)
  lines.push(...locationLines(result.location))
  if (result.network) lines.push(networkLine(result.network))
  lines.push('', ...result.attributions.map(attributionLine))
  return lines
}
