// One link of the chain of trust: a zone's DNSKEY set, matched against the DS records (or trust
// anchors) that vouch for it and checked by the signature of a matching key.

import { RR_TYPE_NUMBERS as T } from '../../shared/tools/dns/record-types.ts'
import type { DnssecChainLink } from '../../shared/tools/dns/schema.ts'
import { algorithmName } from './algorithms.ts'
import { DIGEST_NAMES, dsDigest } from './keys.ts'
import { type Labels, nameText, sameName } from './names.ts'
import { type AnswerSections, signaturesOf } from './records.ts'
import { checkRrset, readDnskey, timeText, type ZoneKey } from './rrset-signature.ts'
import type { DsRecord } from './trust-anchors.ts'

export type ZoneKeys =
  | { ok: true; keys: ZoneKey[]; link: DnssecChainLink }
  | { ok: false; reason: string; link: DnssecChainLink }

export const dsText = (ds: DsRecord) =>
  `${ds.keyTag} ${algorithmName(ds.algorithm)} ${DIGEST_NAMES[ds.digestType] ?? `digest ${ds.digestType}`}`

const matchesDs = (zone: Labels, key: ZoneKey, ds: DsRecord) =>
  ds.keyTag === key.tag && ds.algorithm === key.algorithm && dsDigest(zone, key.rdata, ds.digestType)?.equals(ds.digest)

export function checkZoneKeys(
  zone: Labels,
  dsSet: DsRecord[],
  dsSource: 'trust-anchor' | 'parent',
  answer: AnswerSections,
  now: number,
): ZoneKeys {
  const name = nameText(zone)
  const records = answer.answers.filter((r) => r.type === T.DNSKEY && sameName(r.owner, zone))
  const keys = records.map(readDnskey).filter((k) => k.flags & 0x0100)
  const matched = keys.filter((k) => dsSet.some((ds) => matchesDs(zone, k, ds)))
  const link: DnssecChainLink = {
    zone: name,
    dsSource,
    ds: dsSet.map(dsText),
    keys: keys.map((k) => ({
      tag: k.tag,
      algorithm: algorithmName(k.algorithm),
      role: k.flags & 1 ? 'KSK' : 'ZSK',
      matchesDs: matched.includes(k),
      signedKeys: false,
    })),
    status: 'bogus',
  }
  const fail = (reason: string): ZoneKeys => ({ ok: false, reason, link: { ...link, note: reason } })
  const vouching = dsSource === 'trust-anchor' ? 'trust anchor' : 'DS record'
  if (keys.length === 0) return fail(`missing DNSKEY: ${name} has a ${vouching} but no DNSKEY records were returned`)
  if (matched.length === 0) {
    const sameTag = dsSet.find((ds) => keys.some((k) => k.tag === ds.keyTag && k.algorithm === ds.algorithm))
    if (sameTag)
      return fail(
        `DS does not match: the digest of ${vouching} ${dsText(sameTag)} differs from the DNSKEY of ${name} with that tag`,
      )
    const tags = dsSet.map((ds) => ds.keyTag).join(', ')
    return fail(
      `DS does not match: no DNSKEY of ${name} has the key tag of its ${vouching} (${tags}); keys found: ${keys.map((k) => k.tag).join(', ')}`,
    )
  }
  const check = checkRrset(`the DNSKEY set of ${name}`, records, signaturesOf(answer.answers), zone, matched, now)
  if (!check.ok) return fail(check.reason)
  return {
    ok: true,
    keys,
    link: {
      ...link,
      keys: link.keys.map((k) => ({ ...k, signedKeys: k.tag === check.key.tag })),
      signatureInception: timeText(check.sig.inception),
      signatureExpiration: timeText(check.sig.expiration),
      status: 'secure',
    },
  }
}
