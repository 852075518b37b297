// DNS record types: mnemonics and numbers (IANA "Resource Record (RR) TYPEs"), and the RFC 3597
// "TYPE<number>" form for any other type.

/** Every type with a mnemonic, as zone files and dig/kdig name them. */
export const RR_TYPE_NUMBERS = {
  A: 1,
  NS: 2,
  CNAME: 5,
  SOA: 6,
  NULL: 10,
  PTR: 12,
  HINFO: 13,
  MINFO: 14,
  MX: 15,
  TXT: 16,
  RP: 17,
  AFSDB: 18,
  RT: 21,
  SIG: 24,
  KEY: 25,
  AAAA: 28,
  LOC: 29,
  SRV: 33,
  NAPTR: 35,
  KX: 36,
  CERT: 37,
  DNAME: 39,
  OPT: 41,
  APL: 42,
  DS: 43,
  SSHFP: 44,
  IPSECKEY: 45,
  RRSIG: 46,
  NSEC: 47,
  DNSKEY: 48,
  DHCID: 49,
  NSEC3: 50,
  NSEC3PARAM: 51,
  TLSA: 52,
  SMIMEA: 53,
  CDS: 59,
  CDNSKEY: 60,
  OPENPGPKEY: 61,
  CSYNC: 62,
  ZONEMD: 63,
  SVCB: 64,
  HTTPS: 65,
  SPF: 99,
  NID: 104,
  L32: 105,
  L64: 106,
  LP: 107,
  EUI48: 108,
  EUI64: 109,
  TKEY: 249,
  TSIG: 250,
  IXFR: 251,
  AXFR: 252,
  ANY: 255,
  URI: 256,
  CAA: 257,
} as const

export type RrTypeName = keyof typeof RR_TYPE_NUMBERS

const names = new Map<number, string>(Object.entries(RR_TYPE_NUMBERS).map(([name, n]) => [n, name]))

/** "HTTPS" for 65, "TYPE65534" for a number without a mnemonic. */
export function rrTypeName(type: number): string {
  return names.get(type) ?? `TYPE${type}`
}

/** Types that are not questions a lookup can ask: transfers, EDNS, transaction signatures. */
const NOT_QUERYABLE = new Set([0, 41, 249, 250, 251, 252])

export type RrTypeCheck = { ok: true; name: string; number: number } | { ok: false; message: string }

/** A type as typed by someone ("https", "TYPE65", "type65534"), in its canonical form. */
export function readRrType(text: string): RrTypeCheck {
  const typed = text.trim().toUpperCase()
  const generic = /^TYPE(\d{1,5})$/.exec(typed)
  const number = generic ? Number(generic[1]) : (RR_TYPE_NUMBERS as Record<string, number>)[typed]
  if (number === undefined) {
    return {
      ok: false,
      message: `Unknown record type "${text.trim()}": use a type name such as A, MX or HTTPS, or TYPE followed by its number (1-65535)`,
    }
  }
  if (number < 1 || number > 65535) return { ok: false, message: 'A record type number is between 1 and 65535' }
  const name = rrTypeName(number)
  if (NOT_QUERYABLE.has(number)) return { ok: false, message: `${name} is not a record type a lookup can ask for` }
  return { ok: true, name, number }
}
