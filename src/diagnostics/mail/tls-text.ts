// One readable line for a TLS session and its certificate.
import type { TlsSummary } from '../../shared/tools/mail/schema.ts'

function commonName(dn: string): string {
  return /(?:^|, )CN=([^,]+)/.exec(dn)?.[1] ?? (dn || 'no subject')
}

export function describeTrust(tls: TlsSummary): string {
  return tls.trusted ? 'trusted' : `not trusted: ${tls.trustError ?? 'unknown reason'}`
}

export function describeTls(tls: TlsSummary): string {
  const expires = tls.validTo ? `, valid until ${tls.validTo.slice(0, 10)}` : ''
  const name = tls.hostnameMatch ? 'name matches' : 'name does not match'
  return `${tls.version}, ${tls.cipher}; certificate ${commonName(tls.subject)} issued by ${commonName(tls.issuer)}${expires}; ${describeTrust(tls)}; ${name}`
}
