// Whois as text: one labelled line per registration field.
import type { RegistrationFields, WhoisResult } from './schema.ts'

const LABELS: [keyof RegistrationFields, string][] = [
  ['name', 'Name'],
  ['handle', 'Handle'],
  ['registrar', 'Registrar'],
  ['registrarIanaId', 'Registrar IANA ID'],
  ['organisation', 'Organisation'],
  ['range', 'Range'],
  ['country', 'Country'],
  ['createdAt', 'Created'],
  ['updatedAt', 'Updated'],
  ['expiresAt', 'Expires'],
  ['dnssec', 'DNSSEC'],
]

/** A summary of the fields, then the raw answer. */
export function whoisLines(result: WhoisResult): string[] {
  const lines = [`Query: ${result.query} (${result.kind})`]
  if (result.unicodeName) lines.push(`Unicode name: ${result.unicodeName}`)
  lines.push(
    result.protocol === 'rdap'
      ? `Source: RDAP ${result.sources.join(', ')}`
      : `Source: whois ${result.sources.join(' -> ')}`,
  )
  for (const [key, label] of LABELS) {
    const value = result[key]
    if (typeof value === 'string' && value !== '') lines.push(`${label}: ${value}`)
  }
  if (result.statuses.length > 0) lines.push(`Status: ${result.statuses.join(', ')}`)
  if (result.nameServers.length > 0) lines.push(`Name servers: ${result.nameServers.join(', ')}`)
  if (result.abuseContact?.email) lines.push(`Abuse email: ${result.abuseContact.email}`)
  if (result.abuseContact?.phone) lines.push(`Abuse phone: ${result.abuseContact.phone}`)
  for (const note of result.notes) lines.push(`Note: ${note}`)
  lines.push('', ...result.raw.split(/\r?\n/))
  return lines
}
