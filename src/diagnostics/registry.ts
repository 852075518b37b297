// The one place that lists the diagnostics: tool id -> implementation, built from the settings.
import type { Config } from '../server/config.ts'
import type { ToolId } from '../shared/catalogue.ts'
import { abuseOptionsFrom, createAbuseDiagnostic } from './abuse/run.ts'
import { createAsnDiagnostic } from './asn/run.ts'
import { blacklistOptionsFrom, createBlacklistDiagnostic } from './blacklist/run.ts'
import { createDnsDiagnostic } from './dns/run.ts'
import { geolocationDiagnostic } from './geolocation/run.ts'
import { heloNameFor } from './mail/helo-name.ts'
import { createMailDiagnostic } from './mail/run.ts'
import { pingDiagnostic } from './ping/run.ts'
import { createRdapClient } from './rdap/rdap-client.ts'
import { rdnsDiagnostic } from './rdns/run.ts'
import { createSslDiagnostic } from './ssl/run.ts'
import { tracerouteDiagnostic } from './traceroute/run.ts'
import type { Diagnostic } from './types.ts'
import { createWebsiteCheckDiagnostic } from './website-check/run.ts'
import { whatismyipDiagnostic } from './whatismyip/run.ts'
import { createWhoisDiagnostic } from './whois/run.ts'

// biome-ignore lint/suspicious/noExplicitAny: each entry carries its own request/result types.
export type AnyDiagnostic = Diagnostic<any, any>

export type Registry = Partial<Record<ToolId, AnyDiagnostic>>

/** The settings the diagnostics read; the server's Config satisfies it. */
export type RegistrySettings = Pick<
  Config,
  | 'whoisServer'
  | 'rdapBootstrapUrl'
  | 'dnsRootHints'
  | 'dnsblZonesFile'
  | 'abuseIpDbKey'
  | 'abuseIpDbUrl'
  | 'extraCaFile'
  | 'publicUrl'
  | 'mailTestPort'
>

/** Builds every diagnostic once, at start; a bad setting (zone file, root hints) fails here. */
export function createRegistry(settings: RegistrySettings): Registry {
  const rdap = createRdapClient({ bootstrapUrl: settings.rdapBootstrapUrl })
  return {
    ping: pingDiagnostic,
    traceroute: tracerouteDiagnostic,
    whois: createWhoisDiagnostic({ whoisServer: settings.whoisServer, rdap }),
    dns: createDnsDiagnostic({ rootHints: settings.dnsRootHints }),
    rdns: rdnsDiagnostic,
    ssl: createSslDiagnostic({ extraCaFile: settings.extraCaFile }),
    geolocation: geolocationDiagnostic,
    blacklist: createBlacklistDiagnostic(blacklistOptionsFrom(settings)),
    'website-check': createWebsiteCheckDiagnostic({ extraCaFile: settings.extraCaFile, publicUrl: settings.publicUrl }),
    asn: createAsnDiagnostic({ rdap }),
    abuse: createAbuseDiagnostic(abuseOptionsFrom(settings)),
    mail: createMailDiagnostic({ smtpPort: settings.mailTestPort, heloName: heloNameFor(settings.publicUrl) }),
    whatismyip: whatismyipDiagnostic,
  }
}

export function findDiagnostic(id: string, from: Registry): AnyDiagnostic | undefined {
  return Object.hasOwn(from, id) ? from[id as ToolId] : undefined
}
