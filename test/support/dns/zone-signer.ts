// Signs a tiny zone by hand with an ECDSA P-256 key (RFC 6605), for the DNSSEC failures Knot will
// not produce on its own: a signature whose window has passed, or data changed after signing.
// The secure cases are signed by Knot itself; this only shapes broken ones.
import { generateKeyPairSync, type KeyObject, sign } from 'node:crypto'
import { dsDigest, keyTag } from '../../../src/diagnostics/dnssec/keys.ts'
import { nameWire, parseName } from '../../../src/diagnostics/dnssec/names.ts'
import type { Rrsig } from '../../../src/diagnostics/dnssec/records.ts'
import { signedData } from '../../../src/diagnostics/dnssec/rrset-signature.ts'

export interface HandSignedZone {
  /** Zone-file text: SOA, NS, DNSKEY, the apex A set and their RRSIGs. */
  text: string
  /** The DS line for the parent zone. */
  ds: string
}

const TTL = 300
const stamp = (seconds: number) => new Date(seconds * 1000).toISOString().replace(/[-:T]/g, '').slice(0, 14)

function dnskeyRdata(publicKey: KeyObject): Buffer {
  const jwk = publicKey.export({ format: 'jwk' })
  const point = Buffer.concat([Buffer.from(jwk.x ?? '', 'base64url'), Buffer.from(jwk.y ?? '', 'base64url')])
  return Buffer.concat([Buffer.from([0x01, 0x01, 3, 13]), point])
}

interface Window {
  inception: number
  expiration: number
}

function rrsigLine(
  zone: string,
  type: number,
  typeText: string,
  rdatas: Buffer[],
  key: KeyObject,
  tag: number,
  window: Window,
) {
  const owner = parseName(zone)
  const head = Buffer.alloc(18)
  head.writeUInt16BE(type, 0)
  head.writeUInt8(13, 2)
  head.writeUInt8(owner.length, 3)
  head.writeUInt32BE(TTL, 4)
  head.writeUInt32BE(window.expiration, 8)
  head.writeUInt32BE(window.inception, 12)
  head.writeUInt16BE(tag, 16)
  const sig = { originalTtl: TTL, labels: owner.length, signedPart: Buffer.concat([head, nameWire(owner)]) } as Rrsig
  const rrset = rdatas.map((rdata) => ({ owner, type, class: 1, ttl: TTL, rdata }))
  const signature = sign('sha256', signedData(sig, rrset), { key, dsaEncoding: 'ieee-p1363' })
  const fields = [typeText, 13, owner.length, TTL, stamp(window.expiration), stamp(window.inception), tag, zone]
  return `${zone} ${TTL} IN RRSIG ${fields.join(' ')} ${signature.toString('base64')}`
}

const ipv4 = (text: string) => Buffer.from(text.split('.').map(Number))

function soaRdata(zone: string): Buffer {
  const numbers = Buffer.alloc(20)
  for (const [i, n] of [1, 3600, 600, 86400, 300].entries()) numbers.writeUInt32BE(n, i * 4)
  return Buffer.concat([nameWire(parseName(`ns.${zone}`)), nameWire(parseName(`hostmaster.${zone}`)), numbers])
}

/**
 * A zone whose apex A set is signed over `signedAddress` with the window given, and published
 * with `servedAddress` (a different one makes the signature fail). The DNSKEY set is signed validly.
 */
export function signZoneByHand(
  zone: string,
  options: { signedAddress: string; servedAddress: string; window: Window },
) {
  const { publicKey, privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' })
  const dnskey = dnskeyRdata(publicKey)
  const tag = keyTag(dnskey)
  const now = Math.floor(Date.now() / 1000)
  const valid = { inception: now - 3600, expiration: now + 30 * 86400 }
  const digest = dsDigest(parseName(zone), dnskey, 2)?.toString('hex').toUpperCase()
  const text = [
    `${zone} ${TTL} IN SOA ns.${zone} hostmaster.${zone} 1 3600 600 86400 300`,
    // Knot serves signatures only from a zone whose SOA is signed.
    rrsigLine(zone, 6, 'SOA', [soaRdata(zone)], privateKey, tag, valid),
    `${zone} ${TTL} IN NS ns.${zone}`,
    `ns.${zone} ${TTL} IN A 127.0.0.1`,
    `${zone} ${TTL} IN DNSKEY 257 3 13 ${dnskey.subarray(4).toString('base64')}`,
    rrsigLine(zone, 48, 'DNSKEY', [dnskey], privateKey, tag, valid),
    `${zone} ${TTL} IN A ${options.servedAddress}`,
    rrsigLine(zone, 1, 'A', [ipv4(options.signedAddress)], privateKey, tag, options.window),
    '',
  ].join('\n')
  return { text, ds: `${zone} IN DS ${tag} 13 2 ${digest}` } satisfies HandSignedZone
}
