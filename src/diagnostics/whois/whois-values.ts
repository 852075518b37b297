// Normal forms of the values registries write differently: EPP status codes, name server names,
// DNSSEC states and registrar names.
import { parse } from 'tldts'

const EPP_CODES = [
  'ok',
  'active',
  'inactive',
  'addPeriod',
  'autoRenewPeriod',
  'renewPeriod',
  'transferPeriod',
  'redemptionPeriod',
  'pendingCreate',
  'pendingDelete',
  'pendingRenew',
  'pendingRestore',
  'pendingTransfer',
  'pendingUpdate',
  'clientHold',
  'clientDeleteProhibited',
  'clientRenewProhibited',
  'clientTransferProhibited',
  'clientUpdateProhibited',
  'serverHold',
  'serverDeleteProhibited',
  'serverRenewProhibited',
  'serverTransferProhibited',
  'serverUpdateProhibited',
]
const EPP_BY_SQUASHED = new Map(EPP_CODES.map((code) => [code.toLowerCase(), code]))

const eppCodeOf = (word: string) =>
  EPP_BY_SQUASHED.get(
    word
      .replace(/^st_cl_/i, 'client')
      .replace(/^st_sv_/i, 'server')
      .replace(/[_-]+/g, '')
      .toLowerCase(),
  )

/**
 * The statuses of one "Status:" value: the link ICANN asks for is dropped, a code written in words
 * ("CLIENT TRANSFER PROHIBITED", "client-hold") becomes its EPP form, and a list ("REGISTERED,
 * DELEGATED") is split. A registry's own words ("connect", "Registered until renewal date.") stay.
 */
export function normaliseStatuses(value: string): string[] {
  // Nominet's "No registration status listed."
  if (/^\s*no (registration )?status\b/i.test(value)) return []
  // .it lists several on one line, separated by slashes: "ok / autoRenewPeriod".
  if (/\s\/\s/.test(value)) return value.split(/\s+\/\s+/).flatMap(normaliseStatuses)
  // "serverDeleteProhibited (Secured by CoCCA Premium Registry Lock) https://…": the code is what counts.
  const code = EPP_BY_SQUASHED.get(value.trim().split(/\s+/)[0]?.toLowerCase() ?? '')
  const words = value.trim().split(/\s+/)
  // Codes listed on one line, with or without CoCCA's "ST_CL_" (client) and "ST_SV_" (server) prefix.
  const codes = words.map(eppCodeOf)
  if (words.length > 1 && codes.every((c) => c !== undefined)) return codes as string[]
  if (code && !value.includes(',')) return [code]
  const cleaned = value
    .replace(/\s*\(?\s*https?:\/\/\S+\s*\)?/g, '')
    .replace(/\s+#.*$/, '')
    // .ee "ok (paid and in zone)", JPRS "Connected (2024/12/31)", .kz "clientHold -".
    .replace(/\s*\([^)]*\)\s*$/, '')
    .replace(/\s+-$/, '')
    .trim()
  const parts = /,/.test(cleaned) ? cleaned.split(/\s*,\s*/) : [cleaned]
  return parts.flatMap((part) => {
    // .gg, .je: "Transfer Prohibited by Registrar" is clientTransferProhibited.
    const by = /^(delete|renew|transfer|update) prohibited by (registrar|registry)$/i.exec(part)
    if (by)
      return [
        `${by[2]?.toLowerCase() === 'registrar' ? 'client' : 'server'}${by[1]?.charAt(0).toUpperCase()}${by[1]?.slice(1).toLowerCase()}Prohibited`,
      ]
    const epp = EPP_BY_SQUASHED.get(part.replace(/[\s_-]+/g, '').toLowerCase())
    if (epp) return [epp]
    return part === '' ? [] : [part]
  })
}

const HOST =
  /^(?=.{1,253}\.?$)[a-z0-9_](?:[a-z0-9_-]{0,62}[a-z0-9_])?(?:\.[a-z0-9_](?:[a-z0-9_-]{0,62}[a-z0-9_])?)+\.?$/i
const IPV4 = /^\d{1,3}(?:\.\d{1,3}){3}$/
/** Top-level domains kept for testing and local use (RFC 2606, RFC 6761), where lab name servers live. */
const RESERVED_TLDS = new Set(['test', 'example', 'invalid', 'localhost', 'internal'])

/**
 * Whether a name ends in a top-level domain that exists: .my's server handles ("NS1GOOG0.SER") and
 * .uz's "not.defined." are no host names.
 */
function inKnownTld(name: string): boolean {
  const { isIcann, isPrivate } = parse(name, { allowPrivateDomains: true })
  return Boolean(isIcann || isPrivate) || RESERVED_TLDS.has(name.split('.').at(-1) ?? '')
}

/** The host names in a name server line ("ns1.example.net. 192.0.2.1", "ns1.example.net [192.0.2.1]"). */
export function readNameServers(value: string): string[] {
  // .pt writes zone-file lines: "google.pt NS ns1.google.com.".
  const record = /\sNS\s+(\S+)/.exec(value)
  return (record?.[1] ?? value)
    .split(/[\s,;]+/)
    .filter((token) => HOST.test(token) && !IPV4.test(token.replace(/\.$/, '')))
    .map((token) => token.toLowerCase().replace(/\.$/, ''))
    .filter(inKnownTld)
}

/** "signed" or "unsigned" for the many ways registries say so; another value as written. */
/** A DS record's key tag, algorithm and digest type, which may be all a registry writes of it. */
const DS_RECORD_START = /^\d{1,5}\s+\d{1,3}\s+\d{1,3}(\s|$)/

export function normaliseDnssec(value: string): string | undefined {
  const text = value.trim().toLowerCase()
  if (text === '') return undefined
  // "미서명" and "서명": .kr's Korean for unsigned and signed.
  if (/^(unsigned|no|false|inactive|not signed|none|n|미서명)\b/.test(text) || /unsigned|not signed/.test(text)) {
    return 'unsigned'
  }
  if (/^(signed|yes|true|active|y|서명)\b/.test(text) || /signed ?delegation|delegation ?signed|ds ?data/.test(text)) {
    return 'signed'
  }
  // A DS record written under the key, with or without its digest: JPRS's "[Signing Key]  7240 8 2".
  if (DS_RECORD_START.test(text)) return 'signed'
  return value.trim()
}

/** Keys a DS record is written under: .pl's "DS:", .br's "dsrecord:". */
const DS_RECORD_KEYS = new Set(['ds', 'dsrecord'])
/** A DS record: key tag, algorithm (number or name), maybe the digest type, then the hex digest. */
const DS_RECORD = /^\d{1,5}\s+\S+\s+(?:\d{1,3}\s+)?[0-9a-f]{20,}\s*$/i

/** Whether a line lists one of the domain's DS records; such a key with no record after it states nothing. */
export const isDsRecord = (key: string, value: string) => DS_RECORD_KEYS.has(key) && DS_RECORD.test(value)

/**
 * A registrar's name without the handle or link some registries append ("Example Ltd [Tag = EXAMPLE]",
 * "Example Inc. (R22-LRCC)", "Example Registrar (9999)", "Example GmbH ( https://nic.at/registrar/683 )").
 */
export function cleanRegistrar(value: string): string | undefined {
  // Nominet: "No registrar listed.  This domain is registered directly with Nominet."
  if (/^\s*no registrar\b/i.test(value)) return undefined
  // OPT (.nc): "Registrar: NONE".
  if (/^\s*none\s*$/i.test(value)) return undefined
  const name = value
    .replace(/\s*\[Tag\s*=\s*[^\]]*\]\s*$/i, '')
    // Afilias-run registries append their own handle for the registrar: "Example Inc. (R22-LRCC)".
    .replace(/\s*\(R\d+-[A-Z]+\)\s*$/, '')
    // Some registries append the registrar's IANA id: "Example Registrar (9999)".
    .replace(/\s*\(\d+\)\s*$/, '')
    // "Example GmbH ( https://nic.at/registrar/683 )", "Megazone(http://HOSTING.KR)".
    .replace(/\s*\(\s*(https?:\/\/)?[\w.-]+\.[a-z]{2,}[^)\s]*\s*\)\s*$/i, '')
    .trim()
  return name === '' ? undefined : name
}
