// SVCB and HTTPS service parameters (RFC 9460 §2.1, RFC 9461): "alpn=h2,h3 ipv4hint=192.0.2.1",
// in the order they come on the wire (ascending keys). A key without a known form is written
// key<N>="<escaped value>"; a value that does not fit its key's form makes the record generic.
import { escapeText, ipv4Text, ipv6Text, quoteText, toBase64 } from './presentation-text.ts'
import { type RdataReader, WireError } from './wire-reader.ts'

const KEY_NAMES = ['mandatory', 'alpn', 'no-default-alpn', 'port', 'ipv4hint', 'ech', 'ipv6hint']

const keyName = (key: number) => KEY_NAMES[key] ?? `key${key}`

/** Splits a value into fixed-size items, failing when it does not divide evenly. */
function items(value: Uint8Array, size: number): Uint8Array[] {
  if (value.length === 0 || value.length % size !== 0) throw new WireError('bad SvcParam value')
  return Array.from({ length: value.length / size }, (_, i) => value.subarray(i * size, (i + 1) * size))
}

/** ALPN ids: length-prefixed; a comma inside one is escaped twice (value list, then text). */
function alpnIds(value: Uint8Array): string {
  const ids: string[] = []
  for (let at = 0; at < value.length; ) {
    const length = value[at] ?? 0
    const id = value.subarray(at + 1, at + 1 + length)
    if (length === 0 || id.length !== length) throw new WireError('bad alpn value')
    ids.push(escapeText(id).replaceAll('\\\\', '\\\\\\\\').replaceAll(',', '\\\\,').replaceAll(' ', '\\032'))
    at += 1 + length
  }
  return ids.join(',')
}

const u16 = (b: Uint8Array) => ((b[0] ?? 0) << 8) | (b[1] ?? 0)

const VALUE_TEXT: Record<number, (value: Uint8Array) => string> = {
  0: (v) =>
    items(v, 2)
      .map((k) => keyName(u16(k)))
      .join(','),
  1: alpnIds,
  3: (v) => {
    if (v.length !== 2) throw new WireError('bad port value')
    return String(u16(v))
  },
  4: (v) => items(v, 4).map(ipv4Text).join(','),
  5: (v) => toBase64(v),
  6: (v) => items(v, 16).map(ipv6Text).join(','),
}

export function formatSvcParams(r: RdataReader): string[] {
  const params: string[] = []
  let lastKey = -1
  while (r.remaining > 0) {
    const key = r.u16()
    if (key <= lastKey) throw new WireError('SvcParam keys out of order')
    lastKey = key
    const value = r.bytes(r.u16())
    if (key === 2) {
      if (value.length > 0) throw new WireError('no-default-alpn takes no value')
      params.push(keyName(key))
      continue
    }
    const known = VALUE_TEXT[key]
    if (known) params.push(`${keyName(key)}=${known(value)}`)
    else params.push(value.length === 0 ? keyName(key) : `${keyName(key)}=${quoteText(value)}`)
  }
  return params
}
