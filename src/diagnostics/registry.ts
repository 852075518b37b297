// The one place that lists the diagnostics: tool id -> implementation, built from the settings. Every
// tool has one: a tool left out does not compile.
import type { ToolId } from '../shared/catalogue.ts'
import { abuseSourcesFrom, createAbuseDiagnostic } from './abuse/run.ts'
import { createAsnDiagnostic } from './asn/run.ts'
import { createBlacklistDiagnostic } from './blacklist/run.ts'
import { createDnsDiagnostic } from './dns/run.ts'
import { loadDnsblLists } from './dnsbl/dnsbl-lists.ts'
import { loadDnssecTrustAnchors } from './dnssec/trust-anchors.ts'
import { geolocationDiagnostic } from './geolocation/run.ts'
import { heloNameFor } from './mail/helo-name.ts'
import { createMailDiagnostic } from './mail/run.ts'
import { createMailHeadersDiagnostic } from './mail-headers/run.ts'
import { createTrustStore } from './net/trust-anchors.ts'
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

/** The settings the diagnostics read (the server's Config satisfies it; a probe or a CLI may pass its own). */
export interface RegistrySettings {
  /** First whois server of the referral chain. */
  whoisServer: string
  /** Where the RDAP bootstrap files are read. */
  rdapBootstrapUrl: string
  /** Servers a DNS trace starts from; empty for the IANA root servers. */
  dnsRootHints: string[]
  /** Resolvers a DNS propagation check asks; empty for the well-known public resolvers. */
  dnsPublicResolvers: string[]
  /** A DNSBL zone list replacing the shipped one. */
  dnsblZonesFile?: string
  /** DS records DNSSEC validation starts from, replacing IANA's root anchors. */
  dnssecTrustAnchorsFile?: string
  abuseIpDbKey?: string
  abuseIpDbUrl?: string
  /** PEM file of CAs trusted in addition to the defaults by outbound TLS. */
  extraCaFile?: string
  /** The site's own address (the mail test's HELO name, the website check's user agent). */
  publicUrl: string
  /** The SMTP port the mail test connects to. */
  mailTestPort: number
}

/** Builds every diagnostic once, at start; a bad setting (zone file, root hints) fails here. */
export function createRegistry(settings: RegistrySettings): Registry {
  // The shared clients, built once: the RDAP client (its bootstrap files cached for whois, ASN and
  // abuse) and the block lists (one zone list, one liveness cache for the blacklist and abuse checks).
  const rdap = createRdapClient({ bootstrapUrl: settings.rdapBootstrapUrl })
  const dnsbl = loadDnsblLists(settings.dnsblZonesFile)
  // One set of CAs for every check that verifies a certificate (SSL, mail STARTTLS and MTA-STS,
  // website check, and the monitors that run them): the system's plus EXTRA_CA_FILE.
  const trust = createTrustStore(settings.extraCaFile)
  return {
    ping: pingDiagnostic,
    traceroute: tracerouteDiagnostic,
    whois: createWhoisDiagnostic({ whoisServer: settings.whoisServer, rdap }),
    dns: createDnsDiagnostic({
      rootHints: settings.dnsRootHints,
      publicResolvers: settings.dnsPublicResolvers,
      trustAnchors: loadDnssecTrustAnchors(settings.dnssecTrustAnchorsFile),
    }),
    rdns: rdnsDiagnostic,
    ssl: createSslDiagnostic({ trust }),
    geolocation: geolocationDiagnostic,
    blacklist: createBlacklistDiagnostic(dnsbl),
    'website-check': createWebsiteCheckDiagnostic({
      trust,
      publicUrl: settings.publicUrl,
      trustAnchors: loadDnssecTrustAnchors(settings.dnssecTrustAnchorsFile),
    }),
    asn: createAsnDiagnostic({ rdap }),
    abuse: createAbuseDiagnostic({ ...dnsbl, ...abuseSourcesFrom(settings, rdap) }),
    mail: createMailDiagnostic({
      smtpPort: settings.mailTestPort,
      heloName: heloNameFor(settings.publicUrl),
      trustAnchors: loadDnssecTrustAnchors(settings.dnssecTrustAnchorsFile),
      trust,
    }),
    'mail-headers': createMailHeadersDiagnostic(dnsbl),
    whatismyip: whatismyipDiagnostic,
  } satisfies Record<ToolId, AnyDiagnostic>
}

export function findDiagnostic(id: string, from: Registry): AnyDiagnostic | undefined {
  return Object.hasOwn(from, id) ? from[id as ToolId] : undefined
}
