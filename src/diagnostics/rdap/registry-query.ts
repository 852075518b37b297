// What a registration lookup asks about: a domain, an IP address or an AS number.
import { isAsNumber, isDomain } from '../../shared/validation.ts'
import { type IpLiteral, parseIpLiteral } from '../net/ip-literal.ts'

export type RegistryQuery =
  | { kind: 'domain'; name: string }
  | { kind: 'ip'; address: IpLiteral }
  | { kind: 'asn'; number: number }

export function parseRegistryQuery(text: string): RegistryQuery | null {
  const value = text.trim()
  if (isAsNumber(value)) return { kind: 'asn', number: Number(value.slice(2)) }
  if (/^[0-9a-fA-F:.]+$/.test(value) && /[:]|^\d+(\.\d+){3}$/.test(value)) {
    const address = parseIpLiteral(value)
    return address ? { kind: 'ip', address } : null
  }
  const name = value.replace(/\.$/, '').toLowerCase()
  return isDomain(name) ? { kind: 'domain', name } : null
}

export function describeQuery(query: RegistryQuery): string {
  switch (query.kind) {
    case 'domain':
      return query.name
    case 'ip':
      return query.address.address
    case 'asn':
      return `AS${query.number}`
  }
}
