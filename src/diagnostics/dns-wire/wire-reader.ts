// Reads DNS wire format (RFC 1035 §4): the records of a message's sections, and the fields of one
// record's data, names decompressed. Every read is bounds-checked; a short or looping field throws
// a WireError, so a malformed record is shown in the RFC 3597 generic form rather than guessed at.
import { escapeLabel } from './presentation-text.ts'

export class WireError extends Error {}

/** Reads one record's data; `expanded` collects its bytes with every name written out in full. */
export class RdataReader {
  readonly message: Uint8Array
  readonly end: number
  position: number
  readonly expanded: Uint8Array[] = []

  constructor(message: Uint8Array, start: number, end: number) {
    this.message = message
    this.position = start
    this.end = end
  }

  get remaining(): number {
    return this.end - this.position
  }

  bytes(length: number): Uint8Array {
    if (length < 0 || this.position + length > this.end) throw new WireError('record data ends early')
    const slice = this.message.subarray(this.position, this.position + length)
    this.position += length
    this.expanded.push(slice)
    return slice
  }

  rest(): Uint8Array {
    return this.bytes(this.remaining)
  }

  u8(): number {
    return this.bytes(1)[0] ?? 0
  }

  u16(): number {
    const b = this.bytes(2)
    return ((b[0] ?? 0) << 8) | (b[1] ?? 0)
  }

  u32(): number {
    const b = this.bytes(4)
    return ((b[0] ?? 0) * 2 ** 24 + (((b[1] ?? 0) << 16) | ((b[2] ?? 0) << 8) | (b[3] ?? 0))) >>> 0
  }

  /** A domain name in presentation form, with its final dot ("." for the root). */
  name(): string {
    const { text, next, wire } = readName(this.message, this.position, this.end)
    this.position = next
    this.expanded.push(wire)
    return text
  }
}

/** A name at `offset`: its text, where the field after it starts, and its uncompressed wire form. */
export function readName(
  message: Uint8Array,
  offset: number,
  limit = message.length,
): { text: string; next: number; wire: Uint8Array } {
  const labels: string[] = []
  const wire: number[] = []
  let at = offset
  let next = -1
  let jumps = 0
  for (;;) {
    if (at >= (next === -1 ? limit : message.length)) throw new WireError('name runs past its data')
    const length = message[at] ?? 0
    if ((length & 0xc0) === 0xc0) {
      const target = ((length & 0x3f) << 8) | (message[at + 1] ?? 0)
      if (at + 1 >= message.length || ++jumps > 64) throw new WireError('bad name compression pointer')
      if (next === -1) next = at + 2
      at = target
      continue
    }
    if (length > 63) throw new WireError('bad label length')
    const label = message.subarray(at + 1, at + 1 + length)
    if (label.length !== length) throw new WireError('label runs past the message')
    wire.push(length, ...label)
    if (wire.length > 255) throw new WireError('name longer than 255 bytes')
    if (length === 0) break
    labels.push(escapeLabel(label))
    at += 1 + length
  }
  if (next === -1) next = at + 1
  if (next > limit) throw new WireError('name runs past its data')
  return { text: labels.length === 0 ? '.' : `${labels.join('.')}.`, next, wire: Uint8Array.from(wire) }
}

export interface WireRecord {
  /** Owner name in presentation form, with its final dot. */
  name: string
  type: number
  class: number
  ttl: number
  /** Where the record data lies in the message. */
  start: number
  end: number
}

export interface WireSections {
  answers: WireRecord[]
  authority: WireRecord[]
  additional: WireRecord[]
}

const u16At = (m: Uint8Array, at: number) => ((m[at] ?? 0) << 8) | (m[at + 1] ?? 0)

/** The records of the answer, authority and additional sections. */
export function readSections(message: Uint8Array): WireSections {
  if (message.length < 12) throw new WireError('message shorter than its header')
  const counts = [u16At(message, 4), u16At(message, 6), u16At(message, 8), u16At(message, 10)]
  let at = 12
  for (let q = 0; q < (counts[0] ?? 0); q++) at = readName(message, at).next + 4
  const sections: WireRecord[][] = []
  for (const count of counts.slice(1)) {
    const records: WireRecord[] = []
    for (let r = 0; r < count; r++) {
      const owner = readName(message, at)
      at = owner.next
      if (at + 10 > message.length) throw new WireError('record header runs past the message')
      const length = u16At(message, at + 8)
      const start = at + 10
      if (start + length > message.length) throw new WireError('record data runs past the message')
      const ttl = ((message[at + 4] ?? 0) * 2 ** 24 + (((message[at + 5] ?? 0) << 16) | u16At(message, at + 6))) >>> 0
      records.push({
        name: owner.text,
        type: u16At(message, at),
        class: u16At(message, at + 2),
        ttl,
        start,
        end: start + length,
      })
      at = start + length
    }
    sections.push(records)
  }
  return { answers: sections[0] ?? [], authority: sections[1] ?? [], additional: sections[2] ?? [] }
}
