// Checks an RRset's signatures (RFC 4035 §5.3): the signer, the validity window, the key tag and
// algorithm, then the signature over the canonical form of the RRset (RFC 4034 §3.1.8.1, §6).
import { algorithmSupported, verifySignature } from './algorithms.ts'
import { keyTag } from './keys.ts'
import { type Labels, nameText, nameWire, sameName } from './names.ts'
import type { Rr, Rrsig } from './records.ts'

export interface ZoneKey {
  tag: number
  flags: number
  algorithm: number
  publicKey: Buffer
  rdata: Buffer
}

export function readDnskey(record: Rr): ZoneKey {
  const d = record.rdata
  return {
    tag: keyTag(d),
    flags: d.readUInt16BE(0),
    algorithm: d[3] ?? 0,
    publicKey: d.subarray(4),
    rdata: d,
  }
}

/** The owner a signature was made over: the name itself, or "*." and its last `labels` labels for a wildcard. */
function signedOwner(owner: Labels, labels: number): Labels {
  if (labels >= owner.length) return owner
  return [Uint8Array.from([42]), ...owner.slice(owner.length - labels)]
}

/** The bytes a signature covers: RRSIG fields, then each record in canonical order, duplicates dropped. */
export function signedData(sig: Rrsig, rrset: Rr[]): Buffer {
  const owner = nameWire(signedOwner(rrset[0]?.owner ?? [], sig.labels))
  const datas = [...new Map(rrset.map((r) => [r.rdata.toString('hex'), r.rdata])).values()].sort(Buffer.compare)
  const head = Buffer.alloc(8)
  head.writeUInt16BE(rrset[0]?.type ?? 0, 0)
  head.writeUInt16BE(rrset[0]?.class ?? 1, 2)
  head.writeUInt32BE(sig.originalTtl, 4)
  const parts = [sig.signedPart]
  for (const data of datas) {
    const length = Buffer.alloc(2)
    length.writeUInt16BE(data.length)
    parts.push(owner, head, length, data)
  }
  return Buffer.concat(parts)
}

/** Serial-number arithmetic (RFC 1982) on 32-bit times: is `a` at or before `b`? */
const atOrBefore = (a: number, b: number) => ((b - a) | 0) >= 0

export type SignatureCheck =
  | { ok: true; sig: Rrsig; key: ZoneKey }
  | { ok: false; reason: string; kind: 'expired' | 'not-yet-valid' | 'no-key' | 'bad-signature' | 'no-signature' }

const timeText = (t: number) => new Date(t * 1000).toISOString().replace('.000Z', 'Z')

/**
 * The first signature by `zone` that verifies with one of `keys`; otherwise the reason the
 * most promising one failed (a bad signature outranks a missing key, which outranks a window).
 */
export function checkRrset(
  what: string,
  rrset: Rr[],
  sigs: Rrsig[],
  zone: Labels,
  keys: ZoneKey[],
  now: number,
): SignatureCheck {
  const own = sigs.filter((s) => s.typeCovered === rrset[0]?.type && sameName(s.signer, zone))
  if (own.length === 0) {
    return { ok: false, kind: 'no-signature', reason: `${what} has no RRSIG by ${nameText(zone)}` }
  }
  const failures: Extract<SignatureCheck, { ok: false }>[] = []
  const rank = { 'bad-signature': 0, 'no-key': 1, expired: 2, 'not-yet-valid': 3, 'no-signature': 4 }
  for (const sig of own) {
    if (!atOrBefore(now, sig.expiration)) {
      failures.push({
        ok: false,
        kind: 'expired',
        reason: `the RRSIG over ${what} expired at ${timeText(sig.expiration)}`,
      })
      continue
    }
    if (!atOrBefore(sig.inception, now)) {
      const reason = `the RRSIG over ${what} is not valid before ${timeText(sig.inception)}`
      failures.push({ ok: false, kind: 'not-yet-valid', reason })
      continue
    }
    const candidates = keys.filter((k) => k.tag === sig.keyTag && k.algorithm === sig.algorithm && k.flags & 0x0100)
    if (candidates.length === 0 || !algorithmSupported(sig.algorithm)) {
      const reason = `no DNSKEY of ${nameText(zone)} with key tag ${sig.keyTag} (algorithm ${sig.algorithm}) for the RRSIG over ${what}`
      failures.push({ ok: false, kind: 'no-key', reason })
      continue
    }
    const data = signedData(sig, rrset)
    for (const key of candidates) {
      let valid = false
      try {
        valid = verifySignature(sig.algorithm, key.publicKey, data, sig.signature)
      } catch {
        valid = false
      }
      if (valid) return { ok: true, sig, key }
    }
    const reason = `the RRSIG over ${what} by key ${sig.keyTag} does not verify (bad signature)`
    failures.push({ ok: false, kind: 'bad-signature', reason })
  }
  failures.sort((a, b) => rank[a.kind] - rank[b.kind])
  return failures[0] as SignatureCheck
}

export { timeText }
