// What the website check reads beside the page: the site's security.txt (RFC 9116), the CAA records
// that apply to its host (RFC 8659) and the DNSSEC status of its address records. The verdicts on
// them are checks of the standards report; these are the values those checks read.
import { z } from 'zod'
import { failureSource } from '../tool-answer.ts'

export const securityTxtReport = z.object({
  /** The URL asked: /.well-known/security.txt on the final URL's origin. */
  url: z.string(),
  /** Where the answer came from after redirects; null without an answer. */
  finalUrl: z.string().nullable(),
  /** 'absent': answered, but no file (404, an HTML page...); 'not-checked': no answer to judge. */
  state: z.enum(['present', 'absent', 'not-checked']),
  status: z.number().nullable(),
  contentType: z.string().nullable(),
  /** An OpenPGP cleartext signature wraps the file (present, not verified). */
  signed: z.boolean(),
  contact: z.array(z.string()),
  expires: z.string().nullable(),
  encryption: z.array(z.string()),
  policy: z.array(z.string()),
  preferredLanguages: z.string().nullable(),
  canonical: z.array(z.string()),
  acknowledgments: z.array(z.string()),
  hiring: z.array(z.string()),
  /** Why there is no file to read, when there is none. */
  error: z.string().optional(),
})
export type SecurityTxtReport = z.infer<typeof securityTxtReport>

export const caaRecord = z.object({
  flags: z.number(),
  /** "issue", "issuewild", "iodef", or another tag as published. */
  tag: z.string(),
  value: z.string(),
})
export type CaaRecord = z.infer<typeof caaRecord>

export const caaReport = z.object({
  host: z.string(),
  /** 'none': no name from the host up to the TLD has CAA records; 'not-checked': a lookup failed. */
  state: z.enum(['found', 'none', 'not-checked']),
  /** The name whose CAA set applies: the host or its closest ancestor with one. */
  foundAt: z.string().nullable(),
  /** The names asked, from the host up. */
  asked: z.array(z.string()),
  records: z.array(caaRecord),
  error: z.string().optional(),
  failureSource: failureSource.optional(),
})
export type CaaReport = z.infer<typeof caaReport>

export const websiteDnssecReport = z.object({
  host: z.string(),
  /** The address type validated (A, or AAAA for a host with IPv6 addresses only). */
  type: z.string(),
  /** The validator's verdict: secure = signed and validated, insecure = unsigned; 'not-checked' for an IP literal. */
  status: z.enum(['secure', 'insecure', 'bogus', 'indeterminate', 'not-checked']),
  reason: z.string(),
  failureSource: failureSource.optional(),
})
export type WebsiteDnssecReport = z.infer<typeof websiteDnssecReport>
