// IPv4 addresses written in the legacy forms that inet_aton and URL parsers still accept: octal parts
// ("010.000.000.001" is 8.0.0.1), hexadecimal parts ("0x7f.1"), fewer than four parts ("127.1") and a
// single integer ("2130706433"). People rarely mean what the system reads (010 is 8, not 10), so every
// tool refuses them with the address the system would read, before anything is resolved or checked.

/** Dotted IPv4, each part 0-255 in plain decimal: the one unambiguous spelling. */
const PLAIN_IPV4 = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/

/** One to four parts, decimal, octal or hex, as inet_aton and the WHATWG URL parser take them (trailing dot too). */
const IPV4_LIKE = /^(0x[0-9a-f]*|\d+)(\.(0x[0-9a-f]*|\d+)){0,3}\.?$/i

function readPart(part: string): number | undefined {
  if (/^0x/i.test(part)) return part.length === 2 ? 0 : Number.parseInt(part.slice(2), 16)
  if (part.length > 1 && part.startsWith('0')) return /^[0-7]+$/.test(part) ? Number.parseInt(part, 8) : undefined
  return Number(part)
}

/** The dotted-decimal address the system reads from a legacy spelling; undefined when it reads none. */
export function readLegacyIpv4(text: string): string | undefined {
  if (!IPV4_LIKE.test(text)) return undefined
  const parts = text.replace(/\.$/, '').split('.').map(readPart)
  if (parts.some((part) => part === undefined)) return undefined
  const numbers = parts as number[]
  const last = numbers.pop() ?? 0
  if (numbers.some((part) => part > 255) || last >= 256 ** (4 - numbers.length)) return undefined
  let value = last
  numbers.forEach((part, index) => {
    value += part * 256 ** (3 - index)
  })
  return [24, 16, 8, 0].map((shift) => Math.floor(value / 2 ** shift) % 256).join('.')
}

/**
 * The host part of what a user typed, as written: without a scheme, user info, port, path, query or
 * fragment ("http://0x7f.1:8080/x" → "0x7f.1"). A URL parser would already have rewritten it.
 */
export function writtenHost(value: string): string {
  const text = value.trim().replace(/^[a-zA-Z][a-zA-Z0-9+.-]*:\/\//, '')
  const authority = text.split(/[/?#]/)[0] ?? ''
  const host = authority.slice(authority.lastIndexOf('@') + 1)
  // "[v6]:port" and a bare IPv6 address keep their colons; "host:port" loses its port.
  if (host.startsWith('[')) return host.slice(0, host.indexOf(']') + 1) || host
  return host.split(':').length > 2 ? host : (host.split(':')[0] ?? '')
}

/**
 * A legacy spelling: fewer than four parts, a hex or octal (leading zero) part, or a trailing dot.
 * Four plain decimal parts out of range ("1.2.3.256") are simply not an address.
 */
export function isLegacyIpv4(host: string): boolean {
  if (!IPV4_LIKE.test(host) || PLAIN_IPV4.test(host)) return false
  const parts = host.split('.')
  return parts.length !== 4 || parts.some((part) => /^0(x|\d)/i.test(part))
}

/** The refusal for an input whose host is a legacy IPv4 spelling; undefined for anything else. */
export function ambiguousIpv4Message(value: string): string | undefined {
  const host = writtenHost(value)
  if (!isLegacyIpv4(host)) return undefined
  const read = readLegacyIpv4(host)
  const reading = read ? `the system would read it as ${read}` : 'the system would not read it as any address'
  return `${host} is an ambiguous IPv4 spelling (${reading}); write the address as four decimal numbers from 0 to 255`
}
