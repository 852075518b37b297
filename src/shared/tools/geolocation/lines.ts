// IP geolocation as text: the address, its location and network.
import { attributionLine, locationLines, networkLine } from '../ip-data.ts'
import type { GeolocationResult } from './schema.ts'

export function geolocationLines(result: GeolocationResult): string[] {
  const lines = [result.host ? `IP: ${result.ip} (${result.host})` : `IP: ${result.ip}`]
  const others = result.addresses.filter((a) => a !== result.ip)
  if (others.length > 0) lines.push(`Other addresses: ${others.join(', ')}`)
  lines.push(...locationLines(result.location))
  if (result.network) lines.push(networkLine(result.network))
  lines.push('', ...result.attributions.map(attributionLine))
  return lines
}
