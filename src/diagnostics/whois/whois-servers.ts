// Servers that want their query written a particular way, or answer in a fixed charset.
import type { RegistryQuery } from '../rdap/registry-query.ts'

interface ServerQuirks {
  domain?: (name: string) => string
  ip?: (address: string) => string
  asn?: (number: number) => string
  charset?: string
}

const QUIRKS: Record<string, ServerQuirks> = {
  // Without "domain", Verisign also lists name servers and other objects matching the text.
  'whois.verisign-grs.com': { domain: (name) => `domain ${name}` },
  // Without "-T dn,ace" DENIC answers only that the domain exists.
  'whois.denic.de': { domain: (name) => `-T dn,ace ${name}` },
  'whois.jprs.jp': { domain: (name) => `${name}/e`, charset: 'iso-2022-jp' },
  // ARIN: "n +" for a network with details, "a" for an AS number.
  'whois.arin.net': { ip: (address) => `n + ${address}`, asn: (number) => `a ${number}` },
}

export function formatWhoisQuery(host: string, query: RegistryQuery): string {
  const quirks = QUIRKS[host.toLowerCase()]
  switch (query.kind) {
    case 'domain':
      return quirks?.domain?.(query.name) ?? query.name
    case 'ip':
      return quirks?.ip?.(query.address.address) ?? query.address.address
    case 'asn':
      return quirks?.asn?.(query.number) ?? `AS${query.number}`
  }
}

export function charsetOf(host: string): string | undefined {
  return QUIRKS[host.toLowerCase()]?.charset
}
