// ASN check: the autonomous system announcing an IP address, from offline data plus RDAP.
import { z } from 'zod'
import { ipAddressInput } from '../validation.ts'
import { toolRequest, toolResponse } from './common.ts'
import { attribution, attributionLine, ipNetwork } from './ip-data.ts'

export const asnRequest = toolRequest(ipAddressInput, z.object({}))

/** What the registry (RDAP) says about the network holding the address. */
export const asnRegistration = z.object({
  source: z.string(),
  networkName: z.string().optional(),
  handle: z.string().optional(),
  range: z.string().optional(),
  organisation: z.string().optional(),
  abuseEmail: z.string().optional(),
  abusePhone: z.string().optional(),
})
export type AsnRegistration = z.infer<typeof asnRegistration>

export const asnResult = ipNetwork.extend({
  ip: z.string(),
  /** Country of the address (DB-IP), ISO code and name. */
  countryCode: z.string().optional(),
  country: z.string().optional(),
  registration: asnRegistration.optional(),
  notes: z.array(z.string()),
  attributions: z.array(attribution),
})
export type AsnResult = z.infer<typeof asnResult>

export const asnResponse = toolResponse('asn', asnResult)

export function asnLines(result: AsnResult): string[] {
  const lines = [`IP: ${result.ip}`, `ASN: AS${result.asn}`, `AS name: ${result.name}`, `Prefix: ${result.prefix}`]
  if (result.range !== result.prefix) lines.push(`Range: ${result.range}`)
  if (result.country) lines.push(`Country: ${result.country} (${result.countryCode})`)
  const reg = result.registration
  if (reg) {
    lines.push('', `Registry (RDAP ${reg.source}):`)
    if (reg.networkName) lines.push(`  Network name: ${reg.networkName}`)
    if (reg.handle) lines.push(`  Handle: ${reg.handle}`)
    if (reg.range) lines.push(`  Registered range: ${reg.range}`)
    if (reg.organisation) lines.push(`  Organisation: ${reg.organisation}`)
    if (reg.abuseEmail) lines.push(`  Abuse email: ${reg.abuseEmail}`)
    if (reg.abusePhone) lines.push(`  Abuse phone: ${reg.abusePhone}`)
  }
  for (const note of result.notes) lines.push(`Note: ${note}`)
  lines.push('', ...result.attributions.map(attributionLine))
  return lines
}
