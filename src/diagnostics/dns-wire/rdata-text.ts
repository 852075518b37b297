// Record data in zone-file presentation format, decoded from the wire bytes type by type, as kdig
// prints it. A type we have no layout for, or data that does not fit its layout, is written in the
// RFC 3597 generic form ("\# 4 C0000201"), so nothing is ever guessed or lost.
import { RR_TYPE_NUMBERS as T } from '../../shared/tools/dns/record-types.ts'
import { formatLoc } from './loc-text.ts'
import {
  encodeBase32Hex,
  formatSignatureTime,
  genericRdata,
  ipv4Text,
  ipv6Text,
  quoteText,
  toBase64,
  toHex,
} from './presentation-text.ts'
import { formatSvcParams } from './svcb-params.ts'
import { formatTypeBitmap, typeText } from './type-bitmap.ts'
import { type RdataReader, WireError } from './wire-reader.ts'

type Layout = (r: RdataReader) => (string | number)[]

const text = (r: RdataReader) => quoteText(r.bytes(r.u8()))
const texts = (r: RdataReader) => {
  const parts: string[] = []
  while (r.remaining > 0) parts.push(text(r))
  return parts
}
const base64Rest = (r: RdataReader) => toBase64(r.rest())
const hexRest = (r: RdataReader) => toHex(r.rest())
const ipv4 = (r: RdataReader) => ipv4Text(r.bytes(4))
const ipv6 = (r: RdataReader) => ipv6Text(r.bytes(16))
const salt = (r: RdataReader) => {
  const bytes = r.bytes(r.u8())
  return bytes.length === 0 ? '-' : toHex(bytes)
}
/** 64-bit locators and node ids (RFC 6742): four groups of four hex digits. */
const hexGroups = (r: RdataReader) => toHex(r.bytes(8)).match(/.{4}/g)?.join(':') ?? ''
const eui = (r: RdataReader, size: number) => toHex(r.bytes(size)).match(/.{2}/g)?.join('-') ?? ''

const nameOnly: Layout = (r) => [r.name()]
const preferenceName: Layout = (r) => [r.u16(), r.name()]
const key: Layout = (r) => [r.u16(), r.u8(), r.u8(), base64Rest(r)]
const digest: Layout = (r) => [r.u16(), r.u8(), r.u8(), hexRest(r)]
const association: Layout = (r) => [r.u8(), r.u8(), r.u8(), hexRest(r)]
const signature: Layout = (r) => [
  typeText(r.u16()),
  r.u8(),
  r.u8(),
  r.u32(),
  formatSignatureTime(r.u32()),
  formatSignatureTime(r.u32()),
  r.u16(),
  r.name(),
  base64Rest(r),
]
const svcb: Layout = (r) => [r.u16(), r.name(), ...formatSvcParams(r)]

/** RFC 4025: the gateway's form depends on its type (none, IPv4, IPv6, a name). */
const ipsecKey: Layout = (r) => {
  const precedence = r.u8()
  const gatewayType = r.u8()
  const algorithm = r.u8()
  const gateways: Record<number, () => string> = { 0: () => '.', 1: () => ipv4(r), 2: () => ipv6(r), 3: () => r.name() }
  const gateway = gateways[gatewayType]
  if (!gateway) throw new WireError('unknown IPSECKEY gateway type')
  return [precedence, gatewayType, algorithm, gateway(), r.remaining > 0 ? base64Rest(r) : '']
}

/** RFC 3123: [!]family:address/prefix items, the address sent without its trailing zero bytes. */
const apl: Layout = (r) => {
  const items: string[] = []
  while (r.remaining > 0) {
    const family = r.u16()
    const prefix = r.u8()
    const lengthByte = r.u8()
    const size = family === 1 ? 4 : family === 2 ? 16 : 0
    const part = r.bytes(lengthByte & 0x7f)
    if (size === 0 || part.length > size) throw new WireError('unknown APL address family')
    const address = new Uint8Array(size)
    address.set(part)
    const text = family === 1 ? ipv4Text(address) : ipv6Text(address)
    items.push(`${lengthByte & 0x80 ? '!' : ''}${family}:${text}/${prefix}`)
  }
  return items
}

const LAYOUTS: Record<number, Layout> = {
  [T.A]: (r) => [ipv4(r)],
  [T.NS]: nameOnly,
  [T.CNAME]: nameOnly,
  [T.SOA]: (r) => [r.name(), r.name(), r.u32(), r.u32(), r.u32(), r.u32(), r.u32()],
  [T.PTR]: nameOnly,
  [T.HINFO]: (r) => [text(r), text(r)],
  [T.MINFO]: (r) => [r.name(), r.name()],
  [T.MX]: preferenceName,
  [T.TXT]: texts,
  [T.RP]: (r) => [r.name(), r.name()],
  [T.AFSDB]: preferenceName,
  [T.RT]: preferenceName,
  [T.SIG]: signature,
  [T.KEY]: key,
  [T.AAAA]: (r) => [ipv6(r)],
  [T.LOC]: (r) => [formatLoc(r)],
  [T.SRV]: (r) => [r.u16(), r.u16(), r.u16(), r.name()],
  [T.NAPTR]: (r) => [r.u16(), r.u16(), text(r), text(r), text(r), r.name()],
  [T.KX]: preferenceName,
  [T.CERT]: (r) => [r.u16(), r.u16(), r.u8(), base64Rest(r)],
  [T.DNAME]: nameOnly,
  [T.APL]: apl,
  [T.DS]: digest,
  [T.SSHFP]: (r) => [r.u8(), r.u8(), hexRest(r)],
  [T.IPSECKEY]: ipsecKey,
  [T.RRSIG]: signature,
  [T.NSEC]: (r) => [r.name(), formatTypeBitmap(r)],
  [T.DNSKEY]: key,
  [T.DHCID]: (r) => [base64Rest(r)],
  [T.NSEC3]: (r) => [r.u8(), r.u8(), r.u16(), salt(r), encodeBase32Hex(r.bytes(r.u8())), formatTypeBitmap(r)],
  [T.NSEC3PARAM]: (r) => [r.u8(), r.u8(), r.u16(), salt(r)],
  [T.TLSA]: association,
  [T.SMIMEA]: association,
  [T.CDS]: digest,
  [T.CDNSKEY]: key,
  [T.OPENPGPKEY]: (r) => [base64Rest(r)],
  [T.CSYNC]: (r) => [r.u32(), r.u16(), formatTypeBitmap(r)],
  [T.ZONEMD]: (r) => [r.u32(), r.u8(), r.u8(), hexRest(r)],
  [T.SVCB]: svcb,
  [T.HTTPS]: svcb,
  [T.SPF]: texts,
  [T.NID]: (r) => [r.u16(), hexGroups(r)],
  [T.L32]: (r) => [r.u16(), ipv4(r)],
  [T.L64]: (r) => [r.u16(), hexGroups(r)],
  [T.LP]: preferenceName,
  [T.EUI48]: (r) => [eui(r, 6)],
  [T.EUI64]: (r) => [eui(r, 8)],
  [T.URI]: (r) => [r.u16(), r.u16(), quoteText(r.rest())],
  [T.CAA]: (r) => [r.u8(), Buffer.from(r.bytes(r.u8())).toString('latin1'), quoteText(r.rest())],
}

export interface RdataText {
  /** Presentation format. */
  text: string
  /** The data's wire bytes, every name written out in full (no compression pointers). */
  wire: Uint8Array
}

/** The record data between `start` and `end` of the message, as text and as self-contained bytes. */
export function formatRdata(type: number, reader: RdataReader): RdataText {
  const raw = reader.message.subarray(reader.position, reader.end)
  const layout = LAYOUTS[type]
  if (layout && raw.length > 0) {
    try {
      const parts = layout(reader)
      if (reader.remaining === 0) {
        return {
          text: parts.filter((p) => p !== '').join(' '),
          wire: Buffer.concat(reader.expanded),
        }
      }
    } catch (error) {
      if (!(error instanceof WireError)) throw error
    }
  }
  return { text: genericRdata(raw), wire: raw }
}
