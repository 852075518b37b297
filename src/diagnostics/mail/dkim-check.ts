// DKIM keys published under common selectors (<selector>._domainkey.<domain>): a key must parse
// and RSA keys must have at least 1024 bits (RFC 8301). Selectors are free, so absence proves little.
import { createPublicKey } from 'node:crypto'
import type { DkimKey, MailCheck } from '../../shared/tools/mail/schema.ts'
import { lookupTxt, parseTagList } from '../mail-auth/txt-records.ts'
import type { RecordResolver } from '../net/record-resolver.ts'

export const DKIM_SELECTORS = [
  'default',
  'selector1',
  'selector2',
  'google',
  'k1',
  'k2',
  'k3',
  's1',
  's2',
  'mail',
  'dkim',
  'smtp',
  'key1',
  'key2',
  'mx',
  'email',
  'sig1',
  'fm1',
  'fm2',
  'fm3',
  'protonmail',
  'zoho',
  'mandrill',
  'everlytickey1',
] as const

const MIN_RSA_BITS = 1024

/** One key record: type, size, revoked (empty p=) or why it does not parse. */
export function readDkimKey(selector: string, record: string): DkimKey {
  const tags = parseTagList(record)
  const keyType = (tags.k ?? 'rsa').toLowerCase()
  const p = (tags.p ?? '').replace(/\s+/g, '')
  if (tags.p === undefined) return { selector, keyType, revoked: false, error: 'no p= tag' }
  if (p === '') return { selector, keyType, revoked: true }
  const der = Buffer.from(p, 'base64')
  if (keyType === 'ed25519') {
    return der.length === 32
      ? { selector, keyType, bits: 256, revoked: false }
      : { selector, keyType, revoked: false, error: 'Ed25519 key is not 32 bytes' }
  }
  try {
    const key = createPublicKey({ key: der, format: 'der', type: 'spki' })
    return {
      selector,
      keyType: key.asymmetricKeyType ?? keyType,
      bits: key.asymmetricKeyDetails?.modulusLength,
      revoked: false,
    }
  } catch {
    return { selector, keyType, revoked: false, error: 'p= is not a valid public key' }
  }
}

const describe = (k: DkimKey) => `${k.selector} (${k.keyType}${k.bits ? ` ${k.bits} bits` : ''})`

export function judgeDkimKeys(keys: DkimKey[]): MailCheck {
  const base = { id: 'dkim', title: 'DKIM' }
  const bad = keys.filter((k) => k.error || (k.keyType === 'rsa' && (k.bits ?? 0) < MIN_RSA_BITS && !k.revoked))
  const live = keys.filter((k) => !k.revoked && !bad.includes(k))
  if (bad.length > 0) {
    const problems = bad.map((k) => `${k.selector}: ${k.error ?? `${k.bits} bits, below ${MIN_RSA_BITS}`}`)
    return { ...base, status: 'fail', reason: problems.join('; ') }
  }
  if (live.length > 0) return { ...base, status: 'pass', reason: `key found: ${live.map(describe).join(', ')}` }
  if (keys.length > 0)
    return {
      ...base,
      status: 'info',
      reason: `only revoked keys (empty p=): ${keys.map((k) => k.selector).join(', ')}`,
    }
  return {
    ...base,
    status: 'info',
    reason: `no key under ${DKIM_SELECTORS.length} common selectors (a custom selector may still exist)`,
  }
}

export async function checkDkim(
  domain: string,
  resolve: RecordResolver,
): Promise<{ check: MailCheck; dkim: DkimKey[] }> {
  const failedLookups: string[] = []
  const found = await Promise.all(
    DKIM_SELECTORS.map(async (selector) => {
      const txt = await lookupTxt(resolve, `${selector}._domainkey.${domain}`)
      if (!txt.ok) failedLookups.push(txt.error)
      const record = txt.ok ? txt.records.find((r) => /(^|;)\s*p\s*=/.test(r)) : undefined
      return record === undefined ? undefined : readDkimKey(selector, record)
    }),
  )
  const dkim = found.filter((k): k is DkimKey => k !== undefined)
  // Selectors whose lookup failed were not checked: "no key" would claim more than was seen.
  if (dkim.length === 0 && failedLookups.length > 0) {
    const reason =
      failedLookups.length === DKIM_SELECTORS.length
        ? `not checked: every selector lookup failed (${failedLookups[0]})`
        : `not checked: no key under ${DKIM_SELECTORS.length - failedLookups.length} selectors, and ${failedLookups.length} of ${DKIM_SELECTORS.length} lookups failed (${failedLookups[0]})`
    return { check: { id: 'dkim', title: 'DKIM', status: 'skipped', reason }, dkim }
  }
  return { check: judgeDkimKeys(dkim), dkim }
}
