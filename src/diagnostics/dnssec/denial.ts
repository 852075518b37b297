// Proofs that a name or a type does not exist, from NSEC (RFC 4035 §5.4) and NSEC3 (RFC 5155 §8)
// records whose signatures the caller has already checked.
import { createHash } from 'node:crypto'
import { RR_TYPE_NUMBERS as T } from '../../shared/tools/dns/record-types.ts'
import { readName } from '../dns-wire/wire-reader.ts'

import {
  ancestor,
  compareNames,
  covers,
  isAtOrBelow,
  type Labels,
  nameText,
  nameWire,
  parseName,
  sameName,
} from './names.ts'
import type { Rr } from './records.ts'

export type Denial =
  | { ok: true; kind: 'nxdomain' | 'nodata'; proof: 'NSEC' | 'NSEC3'; text: string }
  /** A DS question answered "no DS" at a delegation: the child zone is unsigned. */
  | { ok: true; kind: 'insecure-delegation'; proof: 'NSEC' | 'NSEC3'; optOut: boolean; text: string }
  | { ok: false; reason: string }

function readBitmap(data: Buffer, at: number): Set<number> {
  const types = new Set<number>()
  while (at + 2 <= data.length) {
    const window = data[at] ?? 0
    const length = data[at + 1] ?? 0
    data.subarray(at + 2, at + 2 + length).forEach((byte, i) => {
      for (let bit = 0; bit < 8; bit++) if (byte & (0x80 >> bit)) types.add(window * 256 + i * 8 + bit)
    })
    at += 2 + length
  }
  return types
}

interface Nsec {
  owner: Labels
  next: Labels
  types: Set<number>
}

function readNsec(r: Rr): Nsec {
  const next = readName(r.rdata, 0)
  return { owner: r.owner, next: parseName(next.text), types: readBitmap(r.rdata, next.next) }
}

const BASE32HEX = '0123456789abcdefghijklmnopqrstuv'

function decodeBase32Hex(text: string): Buffer {
  let bits = 0
  let value = 0
  const out: number[] = []
  for (const c of text.toLowerCase()) {
    const v = BASE32HEX.indexOf(c)
    if (v < 0) return Buffer.alloc(0)
    value = (value << 5) | v
    bits += 5
    if (bits >= 8) {
      out.push((value >> (bits - 8)) & 0xff)
      bits -= 8
    }
  }
  return Buffer.from(out)
}

interface Nsec3 {
  hash: Buffer
  next: Buffer
  optOut: boolean
  iterations: number
  salt: Buffer
  types: Set<number>
}

function readNsec3(r: Rr): Nsec3 | undefined {
  const d = r.rdata
  if ((d[0] ?? 0) !== 1) return undefined // SHA-1 is the only NSEC3 hash defined
  const saltLength = d[4] ?? 0
  const hashAt = 5 + saltLength
  const hashLength = d[hashAt] ?? 0
  const first = r.owner[0]
  if (!first) return undefined
  return {
    hash: decodeBase32Hex(Buffer.from(first).toString('latin1')),
    next: d.subarray(hashAt + 1, hashAt + 1 + hashLength),
    optOut: ((d[1] ?? 0) & 1) === 1,
    iterations: d.readUInt16BE(2),
    salt: d.subarray(5, hashAt),
    types: readBitmap(d, hashAt + 1 + hashLength),
  }
}

/** RFC 5155 §5: SHA-1 over the canonical name and the salt, repeated `iterations` more times. */
export function nsec3Hash(name: Labels, salt: Buffer, iterations: number): Buffer {
  let digest = createHash('sha1').update(nameWire(name)).update(salt).digest()
  for (let i = 0; i < iterations; i++) digest = createHash('sha1').update(digest).update(salt).digest()
  return digest
}

const typeListed = (types: Set<number>, type: number) => types.has(type) || types.has(T.CNAME)

/** A DS "no data" at a name: a delegation without DS, or simply no DS at a name that is no zone cut. */
function nodataKind(types: Set<number>, qtype: number): 'insecure-delegation' | 'nodata' {
  return qtype === T.DS && types.has(T.NS) && !types.has(T.SOA) ? 'insecure-delegation' : 'nodata'
}

/** The wildcard at the closest encloser of a name an NSEC covers: the deepest ancestor it shares with either end. */
function wildcardOf(qname: Labels, cover: Nsec): Labels {
  const shared = (other: Labels) => {
    let n = 0
    while (n < Math.min(other.length, qname.length) && isAtOrBelow(qname, ancestor(other, n + 1))) n++
    return n
  }
  return [Uint8Array.from([42]), ...ancestor(qname, Math.max(shared(cover.owner), shared(cover.next)))]
}

function denyByNsec(qname: Labels, qtype: number, nxdomain: boolean, records: Nsec[]): Denial {
  const q = nameText(qname)
  if (!nxdomain) {
    const match = records.find((n) => sameName(n.owner, qname))
    if (match) {
      if (typeListed(match.types, qtype))
        return { ok: false, reason: `the NSEC record at ${q} lists the type asked for` }
      if (qtype === T.DS && match.types.has(T.SOA)) {
        return { ok: false, reason: `the NSEC record for the DS of ${q} comes from the child zone, not its parent` }
      }
      const kind = nodataKind(match.types, qtype)
      if (kind === 'insecure-delegation') {
        return { ok: true, kind, proof: 'NSEC', optOut: false, text: `NSEC at ${q} shows a delegation without DS` }
      }
      return { ok: true, kind, proof: 'NSEC', text: `NSEC at ${q} shows the name without this type` }
    }
    const emptyNonTerminal = records.find(
      (n) => covers(n.owner, n.next, qname) && isAtOrBelow(n.next, qname) && !sameName(n.next, qname),
    )
    if (emptyNonTerminal)
      return { ok: true, kind: 'nodata', proof: 'NSEC', text: `NSEC shows ${q} as an empty non-terminal` }
    // Wildcard no data (RFC 4035 §3.1.3.4): the name does not exist and its wildcard lacks the type.
    const cover = records.find((n) => covers(n.owner, n.next, qname))
    const wildcard = cover && records.find((n) => sameName(n.owner, wildcardOf(qname, cover)))
    if (wildcard && !typeListed(wildcard.types, qtype)) {
      const text = `NSEC shows ${q} answered by the wildcard ${nameText(wildcard.owner)} without this type`
      return { ok: true, kind: 'nodata', proof: 'NSEC', text }
    }
    return { ok: false, reason: `no NSEC record proves that ${q} has no records of this type` }
  }
  const cover = records.find((n) => covers(n.owner, n.next, qname))
  if (!cover) return { ok: false, reason: `no NSEC record covers ${q}` }
  const wildcard = wildcardOf(qname, cover)
  if (!records.some((n) => covers(n.owner, n.next, wildcard) || compareNames(n.owner, wildcard) === 0)) {
    return { ok: false, reason: `no NSEC record proves that there is no wildcard ${nameText(wildcard)}` }
  }
  if (records.some((n) => sameName(n.owner, wildcard))) {
    return { ok: false, reason: `the wildcard ${nameText(wildcard)} exists, so ${q} cannot be NXDOMAIN` }
  }
  return {
    ok: true,
    kind: 'nxdomain',
    proof: 'NSEC',
    text: `NSEC ${nameText(cover.owner)} → ${nameText(cover.next)} covers ${q}`,
  }
}

/** The iteration count above which NSEC3 answers are treated as unsigned (RFC 9276 §3.2). */
export const NSEC3_MAX_ITERATIONS = 150

function denyByNsec3(qname: Labels, qtype: number, nxdomain: boolean, zone: Labels, records: Nsec3[]): Denial {
  const q = nameText(qname)
  const first = records[0] as Nsec3
  const hashOf = (name: Labels) => nsec3Hash(name, first.salt, first.iterations)
  const matching = (name: Labels) => {
    const h = hashOf(name)
    return records.find((r) => r.hash.equals(h))
  }
  const covering = (name: Labels) => {
    const h = hashOf(name)
    return records.find((r) =>
      Buffer.compare(r.hash, r.next) < 0
        ? Buffer.compare(r.hash, h) < 0 && Buffer.compare(h, r.next) < 0
        : Buffer.compare(r.hash, h) < 0 || Buffer.compare(h, r.next) < 0,
    )
  }
  if (!nxdomain) {
    const match = matching(qname)
    if (match) {
      if (typeListed(match.types, qtype))
        return { ok: false, reason: `the NSEC3 record for ${q} lists the type asked for` }
      const kind = nodataKind(match.types, qtype)
      if (kind === 'insecure-delegation') {
        return { ok: true, kind, proof: 'NSEC3', optOut: false, text: `NSEC3 for ${q} shows a delegation without DS` }
      }
      return { ok: true, kind, proof: 'NSEC3', text: `NSEC3 for ${q} shows the name without this type` }
    }
  }
  // Closest encloser proof (RFC 5155 §8.3): the deepest existing ancestor, and the next name down not existing.
  for (let count = qname.length - 1; count >= zone.length; count--) {
    const encloser = ancestor(qname, count)
    if (!matching(encloser)) continue
    const nextCloser = ancestor(qname, count + 1)
    const cover = covering(nextCloser)
    if (!cover) return { ok: false, reason: `no NSEC3 record covers ${nameText(nextCloser)}` }
    if (!nxdomain) {
      if (qtype === T.DS && cover.optOut) {
        const text = `an opt-out NSEC3 covers ${nameText(nextCloser)}: its delegations may be unsigned`
        return { ok: true, kind: 'insecure-delegation', proof: 'NSEC3', optOut: true, text }
      }
      const wildcardMatch = matching([Uint8Array.from([42]), ...encloser])
      if (wildcardMatch && !typeListed(wildcardMatch.types, qtype)) {
        const text = `NSEC3 shows ${q} answered by the wildcard *.${nameText(encloser)} without this type`
        return { ok: true, kind: 'nodata', proof: 'NSEC3', text }
      }
      return { ok: false, reason: `no NSEC3 record matches ${q}` }
    }
    const wildcard = [Uint8Array.from([42]), ...encloser]
    if (!covering(wildcard))
      return { ok: false, reason: `no NSEC3 record proves that there is no wildcard ${nameText(wildcard)}` }
    const text = `NSEC3 closest encloser ${nameText(encloser)}; next closer ${nameText(nextCloser)} and ${nameText(wildcard)} covered`
    return { ok: true, kind: 'nxdomain', proof: 'NSEC3', text }
  }
  return { ok: false, reason: `no NSEC3 record proves a closest encloser of ${q}` }
}

/**
 * A wildcard answer (RFC 4035 §5.3.4, RFC 5155 §8.8): the name asked must not exist, shown by an
 * NSEC covering it or an NSEC3 covering the next closer name below the wildcard's parent.
 */
export function proveWildcardExpansion(qname: Labels, signatureLabels: number, records: Rr[]): boolean {
  const nsec = records.filter((r) => r.type === T.NSEC).map(readNsec)
  if (nsec.some((n) => covers(n.owner, n.next, qname))) return true
  const nsec3 = records.filter((r) => r.type === T.NSEC3).flatMap((r) => readNsec3(r) ?? [])
  const first = nsec3[0]
  if (!first) return false
  const h = nsec3Hash(ancestor(qname, signatureLabels + 1), first.salt, first.iterations)
  return nsec3.some((r) =>
    Buffer.compare(r.hash, r.next) < 0
      ? Buffer.compare(r.hash, h) < 0 && Buffer.compare(h, r.next) < 0
      : Buffer.compare(r.hash, h) < 0 || Buffer.compare(h, r.next) < 0,
  )
}

export type DenialOutcome = Denial | { ok: true; kind: 'too-many-iterations'; iterations: number }

/** Checks the denial records of an answer: `nxdomain` for a missing name, else a missing type. */
export function proveDenial(
  qname: Labels,
  qtype: number,
  nxdomain: boolean,
  zone: Labels,
  records: Rr[],
): DenialOutcome {
  const nsec = records.filter((r) => r.type === T.NSEC).map(readNsec)
  if (nsec.length > 0) return denyByNsec(qname, qtype, nxdomain, nsec)
  const nsec3 = records.filter((r) => r.type === T.NSEC3).flatMap((r) => readNsec3(r) ?? [])
  if (nsec3.length > 0) {
    const iterations = nsec3[0]?.iterations ?? 0
    if (iterations > NSEC3_MAX_ITERATIONS) return { ok: true, kind: 'too-many-iterations', iterations }
    return denyByNsec3(qname, qtype, nxdomain, zone, nsec3)
  }
  return {
    ok: false,
    reason: `the answer carries no NSEC or NSEC3 records to prove ${nameText(qname)} ${nxdomain ? 'does not exist' : 'has no such records'}`,
  }
}
