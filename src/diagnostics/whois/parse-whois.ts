// Reads whois text into the fields users look for, plus the referral to the next server. Domain
// fields come from the queried domain's own block: look-alike domains listed before it, contact
// objects (with their own "created:" and "changed:") and registrar blocks are not read for them.
import type { RegistrationFields } from '../../shared/tools/whois/schema.ts'
import { findWhoisDates, parseWhoisDate } from './whois-dates.ts'
import { readWhoisEntries, type WhoisEntry, whoisLines } from './whois-entries.ts'
import { KEYS } from './whois-keys.ts'
import { mergeRecordFields, splitRecords } from './whois-records.ts'
import { cleanRegistrar, isDsRecord, normaliseDnssec, normaliseStatuses, readNameServers } from './whois-values.ts'

export interface ParseOptions {
  /** The domain asked about (ASCII form): its block is read, and its TLD decides day-month order. */
  domain?: string
}

/** Keys of name server lines, and of the headings of name server lists (JPRS's Japanese "[ネームサーバ]" too). */
const NAME_SERVER_KEY =
  /^(ネームサーバ|name ?servers?|nameservers?|nserver|domain nameservers|host ?name|ns_name_\d+|ns ?\d+|(primary|secondary|third|fourth|fifth|sixth) server( hostname)?|dns|dns_name|dns servers?|domain servers? ?\d*)$/
const NAME_SERVER_BLOCK = /name ?server|nameserver|domain servers|dns servers|servidor\(es\) de nombres/
/** A line naming one host, maybe with its addresses: "ns1.example.net", "ns1.example.net. 192.0.2.1". */
const HOST_LIST_LINE = /^(?:-\s+)?[a-z0-9-]+(\.[a-z0-9-]+)+\.?(\s+[\d.:a-f[\]]+)*$/i
/** First keys of the objects (contacts, handles) that follow a domain in RIPE-style answers. */
const CONTACT_OBJECTS = new Set(['person', 'personname', 'role', 'contact', 'organisation', 'org', 'holder'])
/** FRED registries (.cz, .cr) follow the domain with its name server and key sets, each with its own dates. */
const SET_OBJECTS = new Set(['nsset', 'keyset'])
/** Keys found only in contact objects: their paragraph is not the domain's. */
const CONTACT_HANDLES = new Set(['nic-hdl', 'nic-hdl-br'])
/** Blocks describing a party or the whois service itself (.lv "[Whois]") rather than the domain ("Registrant:\n  Created: …"). */
const PARTY_BLOCK =
  /registrant|admin|tech|billing|contact|holder|onsite|owner|registrar|reseller|person|zone-c|organi[sz]ation|^whois$/

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

/**
 * The entries from the paragraph naming the queried domain onwards, when other domains are named
 * before it (look-alikes); when none is, the lines above it (.bn's "Registrar:") are kept.
 */
function fromQueriedDomain(entries: WhoisEntry[], domain: string | undefined): WhoisEntry[] {
  if (!domain) return entries
  const wanted = domain.toLowerCase().replace(/\.$/, '')
  const named = entries.find((entry) => KEYS.name.includes(entry.key) && nameOf(entry.value) === wanted)
  if (!named) return entries
  const before = entries.filter((entry) => entry.paragraph < named.paragraph)
  if (!before.some((entry) => KEYS.name.includes(entry.key))) return entries
  return entries.filter((entry) => entry.paragraph >= named.paragraph)
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
  for (const entry of entries) if (CONTACT_HANDLES.has(entry.key)) contactParagraphs.add(entry.paragraph)
  return entries.filter(
    (entry) => !contactParagraphs.has(entry.paragraph) && !(entry.parent && PARTY_BLOCK.test(entry.parent)),
  )
}

/** Without the paragraphs of name server and key set objects, whose dates are their own. */
function withoutSetObjects(entries: WhoisEntry[]): WhoisEntry[] {
  const sets = new Set(entries.filter((entry) => SET_OBJECTS.has(entry.key)).map((entry) => entry.paragraph))
  const named = entries[0]?.paragraph
  return entries.filter((entry) => entry.paragraph === named || !sets.has(entry.paragraph))
}

function dateOf(value: string, tld: string | undefined): string | undefined {
  return parseWhoisDate(value, tld) ?? findWhoisDates(value, tld)[0]
}

/**
 * The first date under the first of the keys that has one, the domain's own paragraph before later
 * ones: .ar lists its name servers as an object with its own "created:" after the domain's "registered:".
 */
function firstDate(entries: WhoisEntry[], keys: string[], tld: string | undefined): string | undefined {
  const own = entries[0]?.paragraph
  for (const group of [entries.filter((e) => e.paragraph === own), entries.filter((e) => e.paragraph !== own)]) {
    for (const key of keys) {
      for (const entry of group) {
        if (entry.key !== key) continue
        const date = dateOf(entry.value, tld)
        if (date) return withTime(date, entries, keys, tld)
      }
    }
  }
  return undefined
}

/**
 * A day written twice, once without and once with its time (.st lists "Creation Date: 2004-06-15"
 * and later "created-date: 2004-06-15 18:24:45"), is the instant with the time.
 */
function withTime(date: string, entries: WhoisEntry[], keys: string[], tld: string | undefined): string {
  if (!date.endsWith('T00:00:00Z')) return date
  const day = date.slice(0, 10)
  const timed = entries
    .filter((entry) => keys.includes(entry.key))
    .map((entry) => dateOf(entry.value, tld))
    .find((other) => other?.startsWith(day) && !other.endsWith('T00:00:00Z'))
  return timed ?? date
}

/**
 * RIPE-style "changed:" lines list every change; the latest is the last update, and .il marks the
 * first with "(Assigned)".
 */
function changeDates(entries: WhoisEntry[], tld: string | undefined): { created?: string; updated?: string } {
  // The domain's own paragraph first: .ee follows it with name server and DNSSEC sections, each with its own "changed:".
  const own = entries[0]?.paragraph
  const all = entries.filter((entry) => entry.key === 'changed')
  const ownChanges = all.filter((entry) => entry.paragraph === own)
  const changes = ownChanges.length > 0 ? ownChanges : all
  const dates = changes.flatMap((entry) => dateOf(entry.value, tld) ?? []).sort()
  const assigned = changes.find((entry) => /\(assigned\)/i.test(entry.value))
  return { created: assigned && dateOf(assigned.value, tld), updated: dates.at(-1) }
}

/**
 * The registrar's name: a "Registrar:" line, or the name in a "Registrar:" block. When the answer
 * names the registrar by handle (.sk "Registrar: MARK-0292", .ua "registrar: ua.example"), the
 * registrar object holding that line gives the name.
 */
function registrarOf(entries: WhoisEntry[], own: WhoisEntry[]): string | undefined {
  const nameKeys = ['organization', 'organisation', 'organization name', 'name', 'registrar name']
  const inBlock = entries.filter((entry) => entry.parent === 'registrar' || entry.parent === 'sponsoring registrar')
  const named = first(own, KEYS.registrar) ?? first(inBlock, nameKeys) ?? nameAfterRegistrarHandle(own)
  if (named && /^[A-Z0-9]+(-[A-Z0-9]+)+$/.test(named)) {
    const object = entries.find((entry) => entry.key === 'registrar' && entry.value === named)
    const name = first(
      entries.filter((entry) => entry.paragraph === object?.paragraph && !entry.parent),
      nameKeys,
    )
    if (name) return cleanRegistrar(name)
  }
  const name = named && !/\s/.test(named) ? nameOfRegistrarObject(entries, named) : undefined
  if (name) return cleanRegistrar(name)
  return named === undefined ? undefined : cleanRegistrar(named)
}

/** puntCAT and .museum give the registrar's name only after its handle: "Registrar ID: R-2002 (Example SL)". */
function nameAfterRegistrarHandle(own: WhoisEntry[]): string | undefined {
  return /^\S+\s+\((.+)\)\s*$/.exec(first(own, ['registrar id']) ?? '')?.[1]
}

/** The name in a later object opened by "registrar: <handle>" (RIPE-style registrar objects, .ua). */
function nameOfRegistrarObject(entries: WhoisEntry[], handle: string): string | undefined {
  const openings = new Map<number, WhoisEntry>()
  for (const entry of entries) if (!openings.has(entry.paragraph)) openings.set(entry.paragraph, entry)
  const object = [...openings.values()].find((entry) => entry.key === 'registrar' && entry.value === handle)
  if (!object) return undefined
  const inObject = entries.filter((entry) => entry.paragraph === object.paragraph && !entry.parent)
  return first(inObject, ['organization', 'organisation', 'org', 'name'])
}

const BARE_EMAIL = /^[^\s@]+@[^\s@]+\.[a-z]{2,}$/i
const BARE_PHONE = /^\+?\d[\d .()-]{5,}$/

function abuseOf(entries: WhoisEntry[], text: string): RegistrationFields['abuseContact'] {
  const inBlock = entries.filter((entry) => entry.parent === 'abuse contact')
  // SIDN lists the abuse contact as bare lines under "Abuse Contact:": a phone number, an address.
  const bare = entries.filter((entry) => entry.key === 'abuse contact').map((entry) => entry.value)
  const email =
    first(entries, KEYS.abuseEmail) ??
    first(inBlock, ['email', 'e-mail']) ??
    bare.find((value) => BARE_EMAIL.test(value)) ??
    /Abuse contact for .* is '([^']+)'/i.exec(text)?.[1]
  const phone =
    first(entries, KEYS.abusePhone) ??
    first(inBlock, ['phone', 'telephone']) ??
    bare.find((value) => BARE_PHONE.test(value))
  return email || phone ? { ...(email ? { email } : {}), ...(phone ? { phone } : {}) } : undefined
}

/** Keys of the DS and DNSKEY records some registries list for a signed domain instead of stating it. */
const DNSSEC_RECORDS = new Set(['dsl-id', 'dnskey'])
/** AFNIC numbers the DS records it lists: "key1-tag: 42275", "key1-dgst: 0337202F…". */
const NUMBERED_DS_DIGEST = /^key\d+-dgst$/
/**
 * The first DNSSEC state stated plainly (.kr states it in Korean first, then in English). Where no
 * state is written, listed DS or DNSKEY records mean a signed domain: AFNIC's "dsl-id:" and numbered
 * "keyN-dgst:", .ee's "dnskey:", EURid's "Keys:" section, a DS record under "DS:" or "dsrecord:"
 * (.pl, .br); such a key with no record after it states nothing.
 */
function dnssecOf(entries: WhoisEntry[]): string | undefined {
  const values = all(entries, KEYS.dnssec).flatMap((value) => normaliseDnssec(value) ?? [])
  const stated = values.find((value) => value === 'signed' || value === 'unsigned') ?? values[0]
  if (stated) return stated
  const listed = entries.some(
    (entry) =>
      DNSSEC_RECORDS.has(entry.key) ||
      entry.parent === 'keys' ||
      isDsRecord(entry.key, entry.value) ||
      (NUMBERED_DS_DIGEST.test(entry.key) && /^[0-9a-f]{20,}$/i.test(entry.value)),
  )
  return listed ? 'signed' : undefined
}

/**
 * Lists of host names under a heading that is not known as a name server heading: each line of the
 * list is one host name, maybe with its addresses, and the heading is not a party's.
 */
function hostLists(entries: WhoisEntry[]): WhoisEntry[] {
  const lists = new Map<string, WhoisEntry[]>()
  for (const entry of entries) {
    if (!entry.listed || PARTY_BLOCK.test(entry.key)) continue
    const id = `${entry.paragraph} ${entry.key}`
    lists.set(id, [...(lists.get(id) ?? []), entry])
  }
  return [...lists.values()]
    .filter((list) => list.length >= 2 && list.every((entry) => HOST_LIST_LINE.test(entry.value)))
    .flat()
}

/** Name servers; .dk's "DNS:" line names the domain itself, .rs's lists name servers. */
function nameServersOf(entries: WhoisEntry[], domain: string | undefined): string[] {
  const named = entries.filter(
    (entry) =>
      NAME_SERVER_KEY.test(entry.key) ||
      NAME_SERVER_BLOCK.test(entry.key) ||
      (entry.parent && NAME_SERVER_BLOCK.test(entry.parent)),
  )
  const lines = [...named, ...hostLists(entries).filter((entry) => !named.includes(entry))]
  const names = lines.flatMap((entry) =>
    readNameServers(entry.value).filter((n) => entry.key !== 'dns' || n !== domain),
  )
  return unique(names)
}

/** The fields of one record of the domain (one server's answer in a lookup chain). */
function parseRecord(entries: WhoisEntry[], text: string, domain: string | undefined): RegistrationFields {
  const tld = domain?.split('.').at(-1)
  const own = domainEntries(entries)
  const dated = withoutSetObjects(own)
  const changes = changeDates(dated, tld)
  // DNS Belgium lists EPP statuses as lines under a "Flags:" heading.
  const statusKeys = own
    .filter((entry) => KEYS.statuses.includes(entry.key) || (entry.key === 'flags' && entry.listed))
    .map((entry) => entry.value)
  const dnssec = dnssecOf(own)
  const fields: RegistrationFields = {
    name: first(entries, KEYS.name),
    handle: first(entries, KEYS.handle),
    registrar: registrarOf(entries, own),
    registrarIanaId: first(entries, KEYS.registrarIanaId),
    organisation: first(entries, KEYS.organisation),
    createdAt: firstDate(dated, KEYS.created, tld) ?? changes.created,
    updatedAt:
      firstDate(
        dated,
        KEYS.updated.filter((key) => key !== 'changed'),
        tld,
      ) ?? changes.updated,
    expiresAt: firstDate(dated, KEYS.expires, tld),
    statuses: unique(statusKeys.flatMap(normaliseStatuses)),
    nameServers: nameServersOf(own, domain),
    dnssec,
    range: first(entries, KEYS.range),
    country: first(entries, KEYS.country),
    abuseContact: abuseOf(entries, text),
  }
  return Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined)) as RegistrationFields
}

/**
 * The queried domain's fields. A saved lookup chain is read by the rule of `splitRecords()` and
 * `mergeRecordFields()`: the first record of the domain wins, IANA's record of its zone gives nothing.
 */
export function parseWhoisFields(text: string, options: ParseOptions = {}): RegistrationFields {
  const domain = options.domain?.toLowerCase().replace(/\.$/, '')
  const entries = fromQueriedDomain(readWhoisEntries(text), domain)
  return mergeRecordFields(splitRecords(entries, domain).map((record) => parseRecord(record, text, domain)))
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
      return whoisLines(text.slice(match.index).trimStart())[0]
        ?.replace(/^%*\s*/, '')
        .trim()
  }
  return undefined
}
