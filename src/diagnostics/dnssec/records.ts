// The records of a DNS answer in the form signatures are checked over: owner names as labels,
// record data with every name written out and, for the types RFC 4034 §6.2 lists, lowercased.

import { RR_TYPE_NUMBERS as T } from '../../shared/tools/dns/record-types.ts'
import { formatRdata } from '../dns-wire/rdata-text.ts'
import { RdataReader, readName, readSections, type WireRecord } from '../dns-wire/wire-reader.ts'

import { type Labels, parseName } from './names.ts'

export interface Rr {
  owner: Labels
  type: number
  class: number
  ttl: number
  /** Canonical record data. */
  rdata: Buffer
}

export interface Rrsig {
  record: Rr
  typeCovered: number
  algorithm: number
  labels: number
  originalTtl: number
  expiration: number
  inception: number
  keyTag: number
  signer: Labels
  signature: Buffer
  /** The record data before the signature, signer name in canonical form. */
  signedPart: Buffer
}

/** Where the names lie in the data of types whose names are lowercased: fixed byte runs and names. */
const NAME_LAYOUTS: Partial<Record<number, (number | 'name')[]>> = {
  [T.NS]: ['name'],
  [T.CNAME]: ['name'],
  [T.PTR]: ['name'],
  [T.DNAME]: ['name'],
  [T.MX]: [2, 'name'],
  [T.KX]: [2, 'name'],
  [T.AFSDB]: [2, 'name'],
  [T.RT]: [2, 'name'],
  [T.SOA]: ['name', 'name', 20],
  [T.SRV]: [6, 'name'],
  [T.RP]: ['name', 'name'],
  [T.MINFO]: ['name', 'name'],
}

const lowerBytes = (b: Uint8Array) => Buffer.from(b.map((c) => (c >= 65 && c <= 90 ? c + 32 : c)))

function canonicalRdata(message: Uint8Array, record: WireRecord): Buffer {
  const layout = NAME_LAYOUTS[record.type]
  if (layout) {
    const parts: Buffer[] = []
    let at = record.start
    try {
      for (const part of layout) {
        if (part === 'name') {
          const name = readName(message, at, record.end)
          parts.push(lowerBytes(name.wire))
          at = name.next
        } else {
          parts.push(Buffer.from(message.subarray(at, at + part)))
          at += part
        }
      }
      if (at === record.end) return Buffer.concat(parts)
    } catch {
      // Data that does not fit the layout is taken as it came, and will not verify.
    }
  }
  return Buffer.from(formatRdata(record.type, new RdataReader(message, record.start, record.end)).wire)
}

function readRrsig(record: Rr): Rrsig | undefined {
  const d = record.rdata
  if (d.length < 20) return undefined
  try {
    const signer = readName(d, 18)
    const labels = parseName(signer.text)
    return {
      record,
      typeCovered: d.readUInt16BE(0),
      algorithm: d[2] ?? 0,
      labels: d[3] ?? 0,
      originalTtl: d.readUInt32BE(4),
      expiration: d.readUInt32BE(8),
      inception: d.readUInt32BE(12),
      keyTag: d.readUInt16BE(16),
      signer: labels,
      signature: d.subarray(signer.next),
      signedPart: Buffer.concat([d.subarray(0, 18), lowerBytes(signer.wire)]),
    }
  } catch {
    return undefined
  }
}

export interface AnswerSections {
  rcode: number
  answers: Rr[]
  authority: Rr[]
}

const OPT = 41

/** The answer and authority records of a message (the additional section plays no part). */
export function readAnswer(message: Uint8Array): AnswerSections {
  const sections = readSections(message)
  const toRr = (r: WireRecord): Rr => ({
    owner: parseName(r.name),
    type: r.type,
    class: r.class,
    ttl: r.ttl,
    rdata: canonicalRdata(message, r),
  })
  return {
    rcode: (message[3] ?? 0) & 0x0f,
    answers: sections.answers.filter((r) => r.type !== OPT).map(toRr),
    authority: sections.authority.filter((r) => r.type !== OPT).map(toRr),
  }
}

/** The signatures among records, readable ones only. */
export function signaturesOf(records: Rr[]): Rrsig[] {
  return records.flatMap((r) => {
    if (r.type !== T.RRSIG) return []
    const sig = readRrsig(r)
    return sig ? [sig] : []
  })
}
