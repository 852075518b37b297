// ASN lookup as text: an AS number's registration, or an address's network.

import { attributionLine } from '../ip-data.ts'
import type { AsnAddressResult, AsnNumberResult, AsnResult } from './schema.ts'
import { isAsNumberResult } from './schema.ts'

/** "United States (US)" where the name is known. */
export function countryText(code: string): string {
  try {
    const name = new Intl.DisplayNames(['en'], { type: 'region' }).of(code)
    return name && name !== code ? `${name} (${code})` : code
  } catch {
    return code
  }
}

function numberLines(result: AsnNumberResult): string[] {
  const reg = result.registration
  const holder = reg?.organisation ?? result.name ?? reg?.name
  const lines = [`ASN: AS${result.asn}`]
  if (result.reserved) lines.push(`Reserved: ${result.reserved}`)
  if (holder) lines.push(`Holder: ${holder}`)
  if (result.name) lines.push(`AS name: ${result.name}`)
  if (reg?.country) lines.push(`Country: ${countryText(reg.country)}`)
  if (reg) lines.push(`Registry: ${reg.registry}`)
  const { ipv4, ipv6 } = result.prefixes
  lines.push(`Announced prefixes: ${ipv4.length + ipv6.length} (${ipv4.length} IPv4, ${ipv6.length} IPv6)`)
  for (const prefix of [...ipv4, ...ipv6]) lines.push(`  ${prefix}`)
  if (reg) {
    lines.push('', `Registry (RDAP ${reg.source}):`)
    if (reg.handle) lines.push(`  Handle: ${reg.handle}`)
    if (reg.name) lines.push(`  Name: ${reg.name}`)
    if (reg.organisation) lines.push(`  Organisation: ${reg.organisation}`)
    if (reg.createdAt) lines.push(`  Registered: ${reg.createdAt}`)
    if (reg.updatedAt) lines.push(`  Last changed: ${reg.updatedAt}`)
    if (reg.abuseEmail) lines.push(`  Abuse email: ${reg.abuseEmail}`)
    if (reg.abusePhone) lines.push(`  Abuse phone: ${reg.abusePhone}`)
  }
  return lines
}

function addressLines(result: AsnAddressResult): string[] {
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
  return lines
}

export function asnLines(result: AsnResult): string[] {
  const lines = isAsNumberResult(result) ? numberLines(result) : addressLines(result)
  for (const note of result.notes) lines.push(`Note: ${note}`)
  lines.push('', ...result.attributions.map(attributionLine))
  return lines
}
