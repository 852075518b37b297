// Every tool's contract, keyed by its catalogue id: the one list the server, the CLI and the history
// read tools from (docs/architecture.md, "Adding a tool"). A tool left out does not compile.
// Only server, CLI and lazily loaded web code import it: the first page stays free of zod.

import { abuseContract } from './abuse/index.ts'
import { asnContract } from './asn/index.ts'
import { blacklistContract } from './blacklist/index.ts'
import type { AnyToolContract } from './contract.ts'
import { dnsContract } from './dns/index.ts'
import type { ToolId } from './entries.ts'
import { geolocationContract } from './geolocation/index.ts'
import { mailContract } from './mail/index.ts'
import { mailHeadersContract } from './mail-headers/index.ts'
import { pingContract } from './ping/index.ts'
import { rdnsContract } from './rdns/index.ts'
import { sslContract } from './ssl/index.ts'
import { tracerouteContract } from './traceroute/index.ts'
import { websiteCheckContract } from './website-check/index.ts'
import { whatismyipContract } from './whatismyip/index.ts'
import { whoisContract } from './whois/index.ts'

export const TOOL_CONTRACTS: { readonly [Id in ToolId]: AnyToolContract & { id: Id } } = {
  ping: pingContract,
  traceroute: tracerouteContract,
  whois: whoisContract,
  dns: dnsContract,
  rdns: rdnsContract,
  ssl: sslContract,
  geolocation: geolocationContract,
  blacklist: blacklistContract,
  'website-check': websiteCheckContract,
  asn: asnContract,
  abuse: abuseContract,
  mail: mailContract,
  'mail-headers': mailHeadersContract,
  whatismyip: whatismyipContract,
}

/** The contract of a tool id, or undefined for any other string. */
export function findContract(id: string): AnyToolContract | undefined {
  return Object.hasOwn(TOOL_CONTRACTS, id) ? TOOL_CONTRACTS[id as ToolId] : undefined
}
