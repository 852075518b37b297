// Reads whois text: "Key: value" lines (and keys followed by an indented block of values) into
// the fields users look for, plus the referral to the next server.
import type { RegistrationFields } from '../../shared/tools/whois.ts'

type Pairs = Map<string, string[]>

/** Lower-case keys to every value given, in order. Comment lines (%, #, >>>) are skipped. */
export function readPairs(text: string): Pairs {
  const pairs: Pairs = new Map()
  const add = (key: string, value: string) => {
    if (value === '') return
    const values = pairs.get(key) ?? []
    values.push(value)
    pairs.set(key, values)
  }
  let blockKey: string | undefined
  for (const line of text.split(/\r?\n/)) {
    if (/^\s*(%|#|>>>)/.test(line) || line.trim() === '') {
      blockKey = undefined
      continue
    }
    const pair = /^\s*([A-Za-z][\w /().-]{0,60}?)\s*:(?:\s+(.*)|)$/.exec(line)
    if (pair) {
      const key = (pair[1] ?? '').toLowerCase().replace(/\s+/g, ' ')
      const value = (pair[2] ?? '').trim()
      if (value === '') blockKey = key
      else add(key, value)
    } else if (blockKey && /^\s/.test(line)) {
      add(blockKey, line.trim())
    }
  }
  return pairs
}

function first(pairs: Pairs, keys: string[]): string | undefined {
  for (const key of keys) {
    const value = pairs.get(key)?.[0]
    if (value) return value
  }
  return undefined
}

function all(pairs: Pairs, keys: string[]): string[] {
  return keys.flatMap((key) => pairs.get(key) ?? [])
}

const unique = (values: string[]) => [...new Set(values)]

const KEYS = {
  name: ['domain name', 'domain', 'netname', 'as-name', 'asname'],
  handle: ['registry domain id', 'nethandle'],
  registrar: ['registrar', 'sponsoring registrar', 'registrar name'],
  registrarIanaId: ['registrar iana id'],
  organisation: [
    'registrant organization',
    'registrant organisation',
    'org-name',
    'orgname',
    'registrant',
    'organisation',
  ],
  created: ['creation date', 'created', 'created on', 'registered on', 'registration time', 'regdate', 'registered'],
  updated: [
    'updated date',
    'last updated',
    'last-modified',
    'last modified',
    'updated',
    'updated on',
    'changed',
    'last update',
  ],
  expires: [
    'registry expiry date',
    'registrar registration expiration date',
    'expiry date',
    'expiration date',
    'expires',
    'expires on',
    'paid-till',
    'expire date',
    'expiration time',
    'renewal date',
  ],
  status: ['domain status', 'status', 'state', 'registration status'],
  nameServers: ['name server', 'nserver', 'nameserver', 'name servers', 'nameservers'],
  dnssec: ['dnssec'],
  range: ['cidr', 'inetnum', 'inet6num', 'netrange'],
  country: ['country', 'registrant country'],
  abuseEmail: ['registrar abuse contact email', 'orgabuseemail', 'abuse-mailbox'],
  abusePhone: ['registrar abuse contact phone', 'orgabusephone'],
}

function abuseOf(pairs: Pairs, text: string): RegistrationFields['abuse'] {
  const email = first(pairs, KEYS.abuseEmail) ?? /Abuse contact for .* is '([^']+)'/i.exec(text)?.[1]
  const phone = first(pairs, KEYS.abusePhone)
  return email || phone ? { ...(email ? { email } : {}), ...(phone ? { phone } : {}) } : undefined
}

export function parseWhoisFields(text: string): RegistrationFields {
  const pairs = readPairs(text)
  const fields: RegistrationFields = {
    name: first(pairs, KEYS.name),
    handle: first(pairs, KEYS.handle),
    registrar: first(pairs, KEYS.registrar),
    registrarIanaId: first(pairs, KEYS.registrarIanaId),
    organisation: first(pairs, KEYS.organisation),
    created: first(pairs, KEYS.created),
    updated: first(pairs, KEYS.updated),
    expires: first(pairs, KEYS.expires),
    // "clientHold https://icann.org/epp#clientHold" → "clientHold"
    status: unique(all(pairs, KEYS.status).map((s) => s.replace(/\s+\(?https?:\/\/\S+\)?$/, ''))),
    nameServers: unique(
      all(pairs, KEYS.nameServers).map((n) => (n.split(/\s+/)[0] ?? '').toLowerCase().replace(/\.$/, '')),
    ).filter(Boolean),
    dnssec: first(pairs, KEYS.dnssec),
    range: first(pairs, KEYS.range),
    country: first(pairs, KEYS.country),
    abuse: abuseOf(pairs, text),
  }
  return Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined)) as RegistrationFields
}

/** The next server named by the answer ("refer:", "whois:", "Registrar WHOIS Server:", ARIN's "ReferralServer:"). */
export function findReferral(text: string): string | undefined {
  const pairs = readPairs(text)
  const candidates = all(pairs, ['refer', 'whois', 'registrar whois server', 'referralserver'])
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
