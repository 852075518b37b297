// The one place that lists the diagnostics: tool id -> implementation.
import type { ToolId } from '../shared/catalogue.ts'
import { dnsDiagnostic } from './dns/run.ts'
import { rdnsDiagnostic } from './rdns/run.ts'
import { createMailDiagnostic } from './mail/run.ts'
import { createSslDiagnostic } from './ssl/run.ts'
import { pingDiagnostic } from './ping/run.ts'
import { tracerouteDiagnostic } from './traceroute/run.ts'
import { createBlacklistDiagnostic } from './blacklist/run.ts'
import { createAbuseDiagnostic } from './abuse/run.ts'
import type { Diagnostic } from './types.ts'
import { createWhoisDiagnostic } from './whois/run.ts'
import { createAsnDiagnostic } from './asn/run.ts'
import { geolocationDiagnostic } from './geolocation/run.ts'
import { whatismyipDiagnostic } from './whatismyip/run.ts'
import { createRdapClient } from './rdap/rdap-client.ts'
import { createWebsiteCheckDiagnostic } from './website-check/run.ts'

// biome-ignore lint/suspicious/noExplicitAny: each entry carries its own request/result types.
export type AnyDiagnostic = Diagnostic<any, any>

export type Registry = Partial<Record<ToolId, AnyDiagnostic>>

/** Settings of the diagnostics that need configuration (WHOIS_SERVER, RDAP_BOOTSTRAP_URL). */
export interface RegistrySettings {
  whoisServer: string
  rdapBootstrapUrl: string
}

const DEFAULT_SETTINGS: RegistrySettings = { whoisServer: 'whois.iana.org', rdapBootstrapUrl: 'https://data.iana.org/rdap/' }

/** The diagnostics built from settings; one RDAP client (and bootstrap cache) shared by whois and ASN. */
function configuredDiagnostics(settings: RegistrySettings): Registry {
  const rdap = createRdapClient({ bootstrapUrl: settings.rdapBootstrapUrl })
  return { whois: createWhoisDiagnostic({ whoisServer: settings.whoisServer, rdap }), asn: createAsnDiagnostic({ rdap }) }
}

export const registry: Registry = {
  ...configuredDiagnostics(DEFAULT_SETTINGS),
  geolocation: geolocationDiagnostic,
  whatismyip: whatismyipDiagnostic,
  ping: pingDiagnostic,
  traceroute: tracerouteDiagnostic,
  dns: dnsDiagnostic,
  rdns: rdnsDiagnostic,
  mail: createMailDiagnostic(),
  ssl: createSslDiagnostic(),
  blacklist: createBlacklistDiagnostic(),
  abuse: createAbuseDiagnostic(),
  'website-check': createWebsiteCheckDiagnostic(),
}

/** The registry with the configured diagnostics built from the server's settings. */
export function createRegistry(settings: RegistrySettings): Registry {
  return { ...registry, ...configuredDiagnostics(settings) }
}

export function findDiagnostic(id: string, from: Registry = registry): AnyDiagnostic | undefined {
  return Object.hasOwn(from, id) ? from[id as ToolId] : undefined
}
