// DANE for SMTP (RFC 7672): the TLSA records at _25._tcp.<mx> matched against the certificates
// the server presents after STARTTLS. Usage 3 (DANE-EE) matches the leaf, usage 2 (DANE-TA) a
// certificate the leaf chains up to (and the name must match); usages 0 and 1 are unusable for
// SMTP. Selector 0 is the whole certificate, 1 its public key; matching type 0 the data itself,
// 1 SHA-256, 2 SHA-512.
import { createHash, X509Certificate } from 'node:crypto'
import type { MailCheck, MxAddress, TlsaInfo } from '../../shared/tools/mail/schema.ts'
import { describeLookupError } from '../mail-auth/lookup-error.ts'
import type { RecordResolver } from '../net/record-resolver.ts'

export interface TlsaRecord {
  usage: number
  selector: number
  matchingType: number
  data: Buffer
}

export type TlsaLookup =
  | { kind: 'none'; name: string }
  | { kind: 'records'; name: string; records: TlsaRecord[]; info: TlsaInfo }
  | { kind: 'error'; name: string; error: string }

const USAGES: Record<number, string> = { 0: 'PKIX-TA', 1: 'PKIX-EE', 2: 'DANE-TA', 3: 'DANE-EE' }
const SELECTORS: Record<number, string> = { 0: 'full certificate', 1: 'public key' }
const MATCHING: Record<number, string> = { 0: 'exact', 1: 'SHA-256', 2: 'SHA-512' }

/** Without a validator the TLSA records are used as received. */
const NOT_VALIDATED =
  'this server does not validate DNSSEC signatures, so the TLSA records are used as received; senders use them only when they validate'

/** Our own DNSSEC validation of one answer: status and one sentence saying why. */
export type ValidateDnssec = (name: string, type: string) => Promise<{ status: string; reason: string }>

async function dnssecOf(
  name: string,
  validate: ValidateDnssec | undefined,
): Promise<Pick<TlsaInfo, 'dnssec' | 'dnssecNote'>> {
  if (!validate) return { dnssec: 'not-validated', dnssecNote: NOT_VALIDATED }
  const verdict = await validate(name, 'TLSA')
  if (verdict.status === 'secure' || verdict.status === 'insecure' || verdict.status === 'bogus') {
    return { dnssec: verdict.status, dnssecNote: verdict.reason }
  }
  // Indeterminate: the chain could not be followed (a question unanswered): not a fact about the records.
  return { dnssec: 'not-validated', dnssecNote: `the DNSSEC chain could not be followed: ${verdict.reason}` }
}

export const presentTlsa = (r: TlsaRecord) => `${r.usage} ${r.selector} ${r.matchingType} ${r.data.toString('hex')}`
const shortTlsa = (r: TlsaRecord) => {
  const hex = r.data.toString('hex')
  return `${r.usage} ${r.selector} ${r.matchingType} ${hex.length > 16 ? `${hex.slice(0, 16)}…` : hex}`
}
const describeTlsa = (r: TlsaRecord) =>
  `${r.usage} ${r.selector} ${r.matchingType} (${USAGES[r.usage] ?? 'unknown usage'}, ${SELECTORS[r.selector] ?? 'unknown selector'}, ${MATCHING[r.matchingType] ?? 'unknown matching type'})`

export async function lookupTlsa(
  mxName: string,
  resolve: RecordResolver,
  validate?: ValidateDnssec,
): Promise<TlsaLookup> {
  const name = `_25._tcp.${mxName}`
  try {
    const rows = (await resolve(name, 'TLSA')) as {
      usage: number
      selector: number
      matchingType: number
      certificate: Buffer
    }[]
    const records = rows.map((r) => ({
      usage: r.usage,
      selector: r.selector,
      matchingType: r.matchingType,
      data: Buffer.from(r.certificate),
    }))
    const info: TlsaInfo = { records: records.map(presentTlsa), ...(await dnssecOf(name, validate)) }
    return { kind: 'records', name, records, info }
  } catch (error) {
    const code = (error as { code?: string }).code
    if (code === 'ENOTFOUND' || code === 'ENODATA') return { kind: 'none', name }
    return { kind: 'error', name, error: describeLookupError(error, name, 'TLSA') }
  }
}

const usable = (r: TlsaRecord) =>
  (r.usage === 2 || r.usage === 3) && r.selector in SELECTORS && r.matchingType in MATCHING

function selected(cert: X509Certificate, selector: number): Buffer {
  return selector === 0 ? cert.raw : cert.publicKey.export({ type: 'spki', format: 'der' })
}

function digest(data: Buffer, matchingType: number): Buffer {
  if (matchingType === 1) return createHash('sha256').update(data).digest()
  if (matchingType === 2) return createHash('sha512').update(data).digest()
  return data
}

const matchesCert = (r: TlsaRecord, cert: X509Certificate) =>
  digest(selected(cert, r.selector), r.matchingType).equals(r.data)

/** The leaf is issued, link by link through the chain sent, by the certificate at `top`. */
function chainsUpTo(chain: X509Certificate[], top: number): boolean {
  for (let i = 0; i < top; i++) {
    const child = chain[i]
    const parent = chain[i + 1]
    if (!child || !parent || !child.checkIssued(parent) || !child.verify(parent.publicKey)) return false
  }
  return true
}

export type DaneMatch = { record: TlsaRecord; usage: 'DANE-EE' | 'DANE-TA'; nameMismatch: boolean } | undefined

/** The first usable record the presented chain satisfies. */
export function matchTlsa(records: TlsaRecord[], der: Buffer[], hostnameMatch: boolean): DaneMatch {
  const chain = der.map((raw) => new X509Certificate(raw))
  const leaf = chain[0]
  if (!leaf) return undefined
  for (const record of records.filter(usable)) {
    if (record.usage === 3 && matchesCert(record, leaf)) return { record, usage: 'DANE-EE', nameMismatch: false }
    if (record.usage === 2) {
      const at = chain.findIndex((cert, i) => i > 0 && matchesCert(record, cert))
      if (at > 0 && chainsUpTo(chain, at)) return { record, usage: 'DANE-TA', nameMismatch: !hostnameMatch }
    }
  }
  return undefined
}

const DANE = { id: 'dane', title: 'DANE' }

/** The host-wide DANE checks: no TLSA records, a failed lookup, or the records' DNSSEC status. */
export function judgeTlsaLookup(lookup: TlsaLookup, mxName: string): MailCheck[] {
  if (lookup.kind === 'none') {
    return [{ ...DANE, status: 'info', reason: `no TLSA records at ${lookup.name}: DANE is not used`, host: mxName }]
  }
  if (lookup.kind === 'error')
    return [{ ...DANE, status: 'skipped', reason: `not checked: ${lookup.error}`, host: mxName }]
  const { dnssec, dnssecNote } = lookup.info
  const base = { id: 'dane-dnssec', title: 'DANE: DNSSEC', host: mxName }
  if (dnssec === 'secure') return [{ ...base, status: 'pass', reason: `TLSA records validated: ${dnssecNote}` }]
  if (dnssec === 'bogus') return [{ ...base, status: 'fail', reason: `DNSSEC validation fails: ${dnssecNote}` }]
  if (dnssec === 'insecure')
    return [
      { ...base, status: 'fail', reason: `TLSA records not DNSSEC-signed, so senders ignore them: ${dnssecNote}` },
    ]
  return [{ ...base, status: 'skipped', reason: `not validated: ${dnssecNote}` }]
}

/** The DANE check of one address: its STARTTLS certificate against the host's TLSA records. */
export function judgeDane(
  lookup: TlsaLookup,
  address: MxAddress,
  chain: Buffer[] | undefined,
  host: string,
): MailCheck | undefined {
  if (lookup.kind !== 'records') return undefined
  const base = { ...DANE, host }
  const records = lookup.records
  if (!records.some(usable)) {
    const listed = records.map(describeTlsa).join('; ')
    return { ...base, status: 'fail', reason: `no usable TLSA record (SMTP uses only usage 2 or 3): ${listed}` }
  }
  const s = address.smtp
  if (!s || s.connectMs === undefined) {
    return { ...base, status: 'skipped', reason: `not checked: ${address.skipped ?? s?.error ?? 'no SMTP session'}` }
  }
  if (s.starttls === 'not-offered')
    return {
      ...base,
      status: 'fail',
      reason: 'TLSA records published, but STARTTLS is not offered: DANE senders will not deliver',
    }
  if (s.starttls !== 'ok' || !chain || !s.tls) {
    const why = s.starttls === 'failed' ? (s.error ?? 'the TLS handshake failed') : (s.error ?? 'no TLS session')
    const status = s.starttls === 'failed' ? 'fail' : 'skipped'
    return {
      ...base,
      status,
      reason: `${status === 'skipped' ? 'not checked: ' : 'TLSA records published, but '}${why}`,
    }
  }
  const match = matchTlsa(records, chain, s.tls.hostnameMatch)
  if (!match) {
    const listed = records.filter(usable).map(shortTlsa).join(', ')
    return {
      ...base,
      status: 'fail',
      reason: `the certificate presented matches none of the TLSA records (${listed}): DANE senders will not deliver`,
    }
  }
  if (match.nameMismatch) {
    return {
      ...base,
      status: 'fail',
      reason: `the chain matches TLSA ${describeTlsa(match.record)}, but the certificate does not name the MX host`,
    }
  }
  return { ...base, status: 'pass', reason: `the certificate matches TLSA ${describeTlsa(match.record)}` }
}
