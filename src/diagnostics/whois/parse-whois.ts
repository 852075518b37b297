// Reads whois text into the fields users look for, plus the referral to the next server. Domain
// fields come from the queried domain's own block: look-alike domains listed before it, contact
// objects (with their own "created:" and "changed:") and registrar blocks are not read for them.
import type { RegistrationFields } from '../../shared/tools/whois.ts'
import { findWhoisDates, parseWhoisDate } from './whois-dates.ts'
import { readWhoisEntries, type WhoisEntry } from './whois-entries.ts'
import { cleanRegistrar, normaliseDnssec, normaliseStatuses, readNameServers } from './whois-values.ts'

export interface ParseOptions {
  /** The domain asked about (ASCII form): its block is read, and its TLD decides day-month order. */
  domain?: string
}

const KEYS = {
  name: ['domain name', 'domain', 'domainname', 'netname', 'as-name', 'asname'],
  handle: ['registry domain id', 'nethandle'],
  registrar: ['registrar', 'sponsoring registrar', 'registrar name', 'registrar organization', 'registrar-name'],
  registrarIanaId: ['registrar iana id'],
  organisation: [
    'registrant organization',
    'registrant organisation',
    'org-name',
    'orgname',
    'registrant',
    'organisation',
  ],
  created: [
    'creation date',
    'created',
    'created on',
    'created date',
    'record created on',
    'registered on',
    'registered',
    'registered date',
    'registration time',
    'registration date',
    'domain registration date',
    'domain create date',
    'domain record activated',
    'activated',
    'regdate',
  ],
  updated: [
    'updated date',
    'last updated',
    'last updated on',
    'last updated date',
    'record last updated on',
    'domain last updated date',
    'domain record last updated',
    'last-modified',
    'last modified',
    'modified',
    'last-update',
    'last update',
    'last-updated',
    'updated',
    'updated on',
    'modification date',
    'changed',
  ],
  expires: [
    'registry expiry date',
    'registry expiration date',
    'expiry date',
    'expiration date',
    'domain expiration date',
    'record expires on',
    'expires',
    'expires on',
    'expire',
    'expire date',
    'expiration time',
    'paid-till',
    'validity',
    'valid until',
    'renewal date',
    'registrar registration expiration date',
  ],
  statuses: ['domain status', 'status', 'state', 'registration status', 'eppstatus', 'epp status'],
  nameServers: [
    'name server',
    'name servers',
    'nameserver',
    'nameservers',
    'nserver',
    'domain nameservers',
    'dns',
    'host name',
    'hostname',
  ],
  dnssec: ['dnssec', 'signed', 'signing key'],
  range: ['cidr', 'inetnum', 'inet6num', 'netrange'],
  country: ['country', 'registrant country'],
  abuseEmail: ['registrar abuse contact email', 'orgabuseemail', 'abuse-mailbox', 'abuse email'],
  abusePhone: ['registrar abuse contact phone', 'orgabusephone', 'abuse phone'],
}

/** First keys of the objects (contacts, handles) that follow a domain in RIPE-style answers. */
const CONTACT_OBJECTS = new Set(['person', 'role', 'nic-hdl', 'nic-hdl-br', 'contact', 'organisation', 'org', 'holder'])
/** Blocks describing a party rather than the domain ("Registrant:\n  Created: …"). */
const PARTY_BLOCK = /registrant|admin|tech|billing|contact|holder|onsite|owner|registrar|reseller|person|zone-c/

function first(entries: WhoisEntry[], keys: string[]): string | undefined {
  for (const key of keys) {
    const found = entries.find((entry) => entry.key === key)
    if (found) return found.value
  }
  return undefined
}

function all(entries: WhoisEntry[], keys: string[]): string[] {
  return keys.flatMap((key) => entries.filter((entry) => entry.key === key).map((entry) => entry.value))
}

const unique = (values: string[]) => [...new Set(values)]

const nameOf = (value: string) => (value.split(/\s+/)[0] ?? '').toLowerCase().replace(/\.$/, '')

/** The entries from the queried domain's name onwards, when the answer names it. */
function fromQueriedDomain(entries: WhoisEntry[], domain: string | undefined): WhoisEntry[] {
  if (!domain) return entries
  const wanted = domain.toLowerCase().replace(/\.$/, '')
  const start = entries.findIndex((entry) => KEYS.name.includes(entry.key) && nameOf(entry.value) === wanted)
  return start > 0 ? entries.slice(start) : entries
}

/** The entries that describe the domain itself: not in a contact object, not in a party's block. */
function domainEntries(entries: WhoisEntry[]): WhoisEntry[] {
  const contactParagraphs = new Set<number>()
  let paragraph = -1
  for (const entry of entries) {
    if (entry.paragraph === paragraph) continue
    paragraph = entry.paragraph
    if (CONTACT_OBJECTS.has(entry.key)) contactParagraphs.add(paragraph)
  }
  return entries.filter(
    (entry) => !contactParagraphs.has(entry.paragraph) && !(entry.parent && PARTY_BLOCK.test(entry.parent)),
  )
}

function dateOf(value: string, tld: string | undefined): string | undefined {
  return parseWhoisDate(value, tld) ?? findWhoisDates(value, tld)[0]
}

function firstDate(entries: WhoisEntry[], keys: string[], tld: string | undefined): string | undefined {
  for (const key of keys) {
    for (const entry of entries) {
      if (entry.key !== key) continue
      const date = dateOf(entry.value, tld)
      if (date) return date
    }
  }
  return undefined
}

/**
 * RIPE-style "changed:" lines list every change; the latest is the last update, and .il marks the
 * first with "(Assigned)".
 */
function changeDates(entries: WhoisEntry[], tld: string | undefined): { created?: string; updated?: string } {
  const changes = entries.filter((entry) => entry.key === 'changed')
  const dates = changes.flatMap((entry) => dateOf(entry.value, tld) ?? []).sort()
  const assigned = changes.find((entry) => /\(assigned\)/i.test(entry.value))
  return { created: assigned && dateOf(assigned.value, tld), updated: dates.at(-1) }
}

function registrarOf(entries: WhoisEntry[], own: WhoisEntry[]): string | undefined {
  const inBlock = entries.filter((entry) => entry.parent === 'registrar' || entry.parent === 'sponsoring registrar')
  const named = first(own, KEYS.registrar) ?? first(inBlock, ['organization', 'organisation', 'name', 'registrar name'])
  return named === undefined ? undefined : cleanRegistrar(named)
}

function abuseOf(entries: WhoisEntry[], text: string): RegistrationFields['abuseContact'] {
  const inBlock = entries.filter((entry) => entry.parent === 'abuse contact')
  const email =
    first(entries, KEYS.abuseEmail) ??
    first(inBlock, ['email', 'e-mail']) ??
    /Abuse contact for .* is '([^']+)'/i.exec(text)?.[1]
  const phone = first(entries, KEYS.abusePhone) ?? first(inBlock, ['phone', 'telephone'])
  return email || phone ? { ...(email ? { email } : {}), ...(phone ? { phone } : {}) } : undefined
}

function nameServersOf(entries: WhoisEntry[]): string[] {
  const lines = entries.filter(
    (entry) => KEYS.nameServers.includes(entry.key) || (entry.parent && /name ?server/.test(entry.parent)),
  )
  return unique(lines.flatMap((entry) => readNameServers(entry.value)))
}

export function parseWhoisFields(text: string, options: ParseOptions = {}): RegistrationFields {
  const tld = options.domain?.toLowerCase().replace(/\.$/, '').split('.').at(-1)
  const entries = fromQueriedDomain(readWhoisEntries(text), options.domain)
  const own = domainEntries(entries)
  const changes = changeDates(own, tld)
  const statusKeys = own.filter((entry) => KEYS.statuses.includes(entry.key)).map((entry) => entry.value)
  const dnssec = first(own, KEYS.dnssec)
  const fields: RegistrationFields = {
    name: first(entries, KEYS.name),
    handle: first(entries, KEYS.handle),
    registrar: registrarOf(entries, own),
    registrarIanaId: first(entries, KEYS.registrarIanaId),
    organisation: first(entries, KEYS.organisation),
    createdAt: firstDate(own, KEYS.created, tld) ?? changes.created,
    updatedAt:
      firstDate(
        own,
        KEYS.updated.filter((key) => key !== 'changed'),
        tld,
      ) ?? changes.updated,
    expiresAt: firstDate(own, KEYS.expires, tld),
    statuses: unique(statusKeys.flatMap(normaliseStatuses)),
    nameServers: nameServersOf(own),
    dnssec: dnssec === undefined ? undefined : normaliseDnssec(dnssec),
    range: first(entries, KEYS.range),
    country: first(entries, KEYS.country),
    abuseContact: abuseOf(entries, text),
  }
  return Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined)) as RegistrationFields
}

/** The next server named by the answer ("refer:", "whois:", "Registrar WHOIS Server:", ARIN's "ReferralServer:"). */
export function findReferral(text: string): string | undefined {
  const candidates = all(readWhoisEntries(text), ['refer', 'whois', 'registrar whois server', 'referralserver'])
  for (const candidate of candidates) {
    const value = candidate.replace(/^whois:\/\//i, '').replace(/\/$/, '')
    if (/^[a-z0-9.-]+(:\d{1,5})?$/i.test(value) || /^\[[0-9a-f:.]+\](:\d{1,5})?$/i.test(value)) return value
  }
  return undefined
}

const NOT_FOUND = [
  /^\s*No match for/im,
  /^\s*NOT FOUND/im,
  /^\s*%*\s*No entries found/im,
  // IANA, for a name under no top-level domain it knows.
  /^\s*%*\s*This query returned 0 objects/im,
  /^\s*No Data Found/im,
  /^\s*Domain not found/im,
  /^\s*The queried object does not exist/im,
  /^\s*Status:\s*(free|available)\s*$/im,
]

/** The line saying the object is not registered (without its "%" comment marks), if the answer is such a refusal. */
export function findNotFound(text: string): string | undefined {
  for (const pattern of NOT_FOUND) {
    const match = pattern.exec(text)
    // The match may start at the line break before the line (a CRLF answer's "\r\n"): skip it.
    if (match)
      return text
        .slice(match.index)
        .trimStart()
        .split(/\r?\n/)[0]
        ?.replace(/^%*\s*/, '')
        .trim()
  }
  return undefined
}
