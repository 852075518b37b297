// Mail test: request, result shape (checks, MX hosts with their SMTP dialogue, mail DNS records).
import { z } from 'zod'
import { mailTargetInput } from '../../validation.ts'
import { toolRequest, toolResponse } from '../tool-answer.ts'

export const mailOptions = z.object({})
export const mailRequest = toolRequest(mailTargetInput, mailOptions)

/** 'skipped': the check could not be made (an answer missing, a server out of reach); it counts as
 * neither passed nor failed. */
export const CHECK_STATUSES = ['pass', 'warn', 'fail', 'info', 'skipped'] as const
export const checkStatus = z.enum(CHECK_STATUSES)
export type CheckStatus = z.infer<typeof checkStatus>

export const mailCheck = z.object({
  id: z.string(),
  title: z.string(),
  status: checkStatus,
  /** One line saying why. */
  reason: z.string(),
  /** "mx.example.com [198.51.100.25]" for checks of one mail server address. */
  host: z.string().optional(),
})
export type MailCheck = z.infer<typeof mailCheck>

/** The STARTTLS session graded with the SSL check's rules, from what this one session shows. */
export const tlsGrade = z.object({
  grade: z.string(),
  /** The negotiated suite's strength in the IANA registry: strong, weak or insecure. */
  suiteStrength: z.string(),
  /** The IANA name of the negotiated suite ("TLS_AES_256_GCM_SHA384"). */
  suite: z.string(),
  /** Why the grade is below A, one line each. */
  reasons: z.array(z.string()),
})
export type TlsGrade = z.infer<typeof tlsGrade>

export const tlsSummary = z.object({
  version: z.string(),
  cipher: z.string(),
  subject: z.string(),
  issuer: z.string(),
  altNames: z.array(z.string()),
  validFrom: z.string(),
  validTo: z.string(),
  trusted: z.boolean(),
  /** Why the chain is not trusted, in the words every tool uses (shared/tools/ssl/trust-words.ts). */
  trustError: z.string().optional(),
  hostnameMatch: z.boolean(),
  grade: tlsGrade.optional(),
})
export type TlsSummary = z.infer<typeof tlsSummary>

export const smtpSession = z.object({
  port: z.number(),
  connectMs: z.number().optional(),
  /** Why no connection was made: "unreachable" means this server has no route to the address. */
  connectFailure: z.enum(['refused', 'timeout', 'unreachable', 'policy', 'error']).optional(),
  bannerMs: z.number().optional(),
  banner: z.string().optional(),
  /** EHLO keywords with parameters ("SIZE 10240000"), from the last successful EHLO. */
  extensions: z.array(z.string()),
  greeting: z.enum(['ehlo', 'helo', 'none']),
  starttls: z.enum(['not-offered', 'ok', 'failed', 'not-tried']),
  tls: tlsSummary.optional(),
  relay: z.object({ verdict: z.enum(['refused', 'open', 'untested']), reply: z.string() }),
  /** "C: ..." client lines, "S: ..." server lines, "-- ..." notes. */
  transcript: z.array(z.string()),
  error: z.string().optional(),
})
export type SmtpSession = z.infer<typeof smtpSession>

export const mxAddress = z.object({
  address: z.string(),
  ptr: z.array(z.string()),
  /** A PTR name resolves back to this address. */
  forwardConfirmed: z.boolean(),
  /** Why the PTR lookup itself failed (this server's resolver), when it did. */
  ptrError: z.string().optional(),
  smtp: smtpSession.optional(),
  /** Why no SMTP dialogue took place. */
  skipped: z.string().optional(),
})
export type MxAddress = z.infer<typeof mxAddress>

/** DNSSEC status of an answer: 'not-validated' when this server could not validate it. */
export const DNSSEC_STATUSES = ['secure', 'insecure', 'bogus', 'not-validated'] as const

/** TLSA records at _25._tcp.<mx> (DANE, RFC 7672). */
export const tlsaInfo = z.object({
  /** Presentation form: "3 1 1 <hex>". */
  records: z.array(z.string()),
  dnssec: z.enum(DNSSEC_STATUSES),
  /** Why the DNSSEC status is what it is. */
  dnssecNote: z.string(),
})
export type TlsaInfo = z.infer<typeof tlsaInfo>

export const mxHost = z.object({
  name: z.string(),
  preference: z.number(),
  addresses: z.array(mxAddress),
  /** Resolution failure or policy denial: no address of this host was contacted. */
  error: z.string().optional(),
  /** 'checked': an SMTP connection was made to one of its addresses; 'not-checked': none was. */
  status: z.enum(['checked', 'not-checked']).optional(),
  /** Why the host could not be checked: "connection refused on port 25", our resolver's failure... */
  notChecked: z.string().optional(),
  tlsa: tlsaInfo.optional(),
})
export type MxHost = z.infer<typeof mxHost>

export const spfTerm = z.object({ qualifier: z.string(), mechanism: z.string(), value: z.string() })
export const spfRecord = z.object({
  record: z.string(),
  terms: z.array(spfTerm),
  lookups: z.number(),
  voidLookups: z.number(),
})
export type SpfRecord = z.infer<typeof spfRecord>

export const dmarcRecord = z.object({
  record: z.string(),
  recordDomain: z.string(),
  p: z.string().optional(),
  sp: z.string().optional(),
  pct: z.number(),
  rua: z.array(z.string()),
  ruf: z.array(z.string()),
})
export type DmarcRecord = z.infer<typeof dmarcRecord>

export const dkimKey = z.object({
  selector: z.string(),
  keyType: z.string(),
  bits: z.number().optional(),
  revoked: z.boolean(),
  error: z.string().optional(),
})
export type DkimKey = z.infer<typeof dkimKey>

export const mtaStsInfo = z.object({
  id: z.string(),
  mode: z.string().optional(),
  mx: z.array(z.string()),
  maxAge: z.number().optional(),
  error: z.string().optional(),
})
export type MtaStsInfo = z.infer<typeof mtaStsInfo>

export const tlsRptInfo = z.object({ record: z.string(), rua: z.array(z.string()) })
export type TlsRptInfo = z.infer<typeof tlsRptInfo>

/** BIMI (default._bimi TXT): where the logo and its mark certificate are published. */
export const bimiInfo = z.object({ record: z.string(), logo: z.string().optional(), authority: z.string().optional() })
export type BimiInfo = z.infer<typeof bimiInfo>

export const MX_SOURCES = ['mx', 'null-mx', 'address-fallback', 'ip-literal'] as const

export const mailResult = z.object({
  domain: z.string(),
  mxSource: z.enum(MX_SOURCES),
  mx: z.array(mxHost),
  checks: z.array(mailCheck),
  spf: spfRecord.optional(),
  dmarc: dmarcRecord.optional(),
  dkim: z.array(dkimKey),
  mtaSts: mtaStsInfo.optional(),
  tlsRpt: tlsRptInfo.optional(),
  bimi: bimiInfo.optional(),
})
export type MailResult = z.infer<typeof mailResult>

export const mailResponse = toolResponse('mail', mailResult)

export interface MailSummary {
  /** Checks that could be made, by verdict. */
  checked: number
  passed: number
  warnings: number
  failed: number
  /** Checks that could not be made: counted apart, never as passed. */
  notChecked: number
}

/** Counts only the checks that were made; those that could not be are counted apart. */
export function summarizeMailChecks(checks: readonly MailCheck[]): MailSummary {
  const count = (status: CheckStatus) => checks.filter((c) => c.status === status).length
  const notChecked = count('skipped')
  return {
    checked: checks.length - notChecked,
    passed: count('pass'),
    warnings: count('warn'),
    failed: count('fail'),
    notChecked,
  }
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`

export interface MailHostSummary {
  total: number
  checked: number
  /** The hosts that could not be checked, each with why. */
  notChecked: { name: string; reason: string }[]
}

/** Counts the mail servers an SMTP connection was made to; results without a host status count none. */
export function summarizeMailHosts(mx: readonly MxHost[]): MailHostSummary {
  const notChecked = mx.flatMap((host) =>
    host.status === 'not-checked' ? [{ name: host.name, reason: host.notChecked ?? 'not checked' }] : [],
  )
  return { total: mx.length, checked: mx.filter((host) => host.status === 'checked').length, notChecked }
}

/** "2 of 3 mail servers checked; mx3.example.com could not be reached: connection refused on port 25". */
export function mailHostsSentence(summary: MailHostSummary): string | null {
  if (summary.total === 0 || summary.checked + summary.notChecked.length === 0) return null
  const head = `${summary.checked} of ${plural(summary.total, 'mail server', 'mail servers')} checked`
  const missing = summary.notChecked.map((host) => `${host.name} could not be reached: ${host.reason}`)
  return [head, ...missing].join('; ')
}

/** "12 checks made: 9 passed, 2 warnings, 1 failed; 2 could not be made". */
export function mailSummarySentence(summary: MailSummary): string {
  const made = `${plural(summary.checked, 'check', 'checks')} made: ${summary.passed} passed, ${plural(summary.warnings, 'warning', 'warnings')}, ${summary.failed} failed`
  return summary.notChecked > 0 ? `${made}; ${summary.notChecked} could not be made` : made
}
