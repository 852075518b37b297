// Type mnemonics in record data: RRSIG's "type covered" and the NSEC/NSEC3/CSYNC type bitmaps
// (RFC 4034 §4.1.2), by name where the type has one ("HTTPS"), else "TYPE65534".
import { rrTypeName } from '../../shared/tools/dns/record-types.ts'
import { type RdataReader, WireError } from './wire-reader.ts'

export const typeText = rrTypeName

/** The types listed in the rest of the data: windows of (number, length, bitmap). */
export function formatTypeBitmap(r: RdataReader): string {
  const types: string[] = []
  let lastWindow = -1
  while (r.remaining > 0) {
    const window = r.u8()
    const length = r.u8()
    if (window <= lastWindow || length < 1 || length > 32) throw new WireError('bad type bitmap window')
    lastWindow = window
    r.bytes(length).forEach((byte, i) => {
      for (let bit = 0; bit < 8; bit++) {
        if (byte & (0x80 >> bit)) types.push(typeText(window * 256 + i * 8 + bit))
      }
    })
  }
  return types.join(' ')
}
