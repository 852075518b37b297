// A lookup chain holds several records of one domain: the registry's answer, then the registrar's
// (each repeating "Domain Name: EXAMPLE.COM"), maybe with IANA's record of the top-level domain
// before, between or after them when a chain was saved twice or started again. One rule reads them:
// IANA's record of the top-level domain gives none of the domain's fields, wherever it stands; the
// first record of the domain gives every field it publishes, as published; a later record gives only
// the fields the records before it leave out.
import type { RegistrationFields } from '../../shared/tools/whois/schema.ts'
import type { WhoisEntry } from './whois-entries.ts'
import { KEYS } from './whois-keys.ts'

const nameOf = (value: string) => (value.split(/\s+/)[0] ?? '').toLowerCase().replace(/\.$/, '')

/** Whether `name` is a zone above the queried domain: IANA's "domain: RU" in a lookup for example.ru. */
const isParentZone = (name: string, domain: string) => name !== '' && domain.endsWith(`.${name}`)

/** IANA ends its record with "source: IANA". */
const endsIanaRecord = (entry: WhoisEntry) => entry.key === 'source' && /^iana$/i.test(entry.value.trim())

/**
 * The domain's records in the order written: a record starts where the key that named the domain
 * first names it again. The record of a zone above the domain (IANA's) is left out, up to its
 * "source: IANA" line or the next line naming the domain, so an answer holding IANA's record alone
 * gives nothing.
 */
export function splitRecords(entries: WhoisEntry[], domain: string | undefined): WhoisEntry[][] {
  if (!domain) return [entries]
  const wanted = domain.toLowerCase().replace(/\.$/, '')
  const records: WhoisEntry[][] = []
  let current: WhoisEntry[] = []
  let openingKey: string | undefined
  let skipping = false
  for (const entry of entries) {
    const named = KEYS.name.includes(entry.key) ? nameOf(entry.value) : undefined
    if (named !== undefined && isParentZone(named, wanted)) {
      skipping = true
      continue
    }
    if (skipping && endsIanaRecord(entry)) {
      skipping = false
      continue
    }
    if (named === wanted) {
      if (skipping || openingKey === entry.key) {
        if (current.length > 0) records.push(current)
        current = []
      }
      skipping = false
      openingKey ??= entry.key
    }
    if (!skipping) current.push(entry)
  }
  if (current.length > 0) records.push(current)
  return records
}

const LISTS = ['statuses', 'nameServers'] as const

/** The fields of several records of one domain: each field from the first record that gives it. */
export function mergeRecordFields(records: RegistrationFields[]): RegistrationFields {
  const merged: RegistrationFields = { statuses: [], nameServers: [] }
  for (const fields of records) {
    for (const [key, value] of Object.entries(fields) as [keyof RegistrationFields, unknown][]) {
      if (value === undefined) continue
      if ((LISTS as readonly string[]).includes(key)) {
        const list = key as (typeof LISTS)[number]
        if (merged[list].length === 0) merged[list] = fields[list]
      } else if (merged[key] === undefined) {
        Object.assign(merged, { [key]: value })
      }
    }
  }
  return merged
}
