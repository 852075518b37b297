// Website check: request (a URL; "https://" prepended when no scheme), result shape (redirect
// chain with per-hop timings, headers, security headers, up/down) and its text rendering.
import { z } from 'zod'
import { websiteUrlInput } from '../../validation.ts'
import { failureSource, toolRequest, toolResponse } from '../tool-answer.ts'
import { caaReport, securityTxtReport, websiteDnssecReport } from './records.ts'

/** The product's limits and messages (docs/product.md). */
export const WEBSITE_TIMEOUT_MS = 10_000
export const WEBSITE_MAX_REDIRECTS = 10
export const websiteMessages = {
  timeout: (timeoutMs: number) => `Timeout (>${timeoutMs / 1000}s)`,
  certificate: 'SSL Certificate Error',
  noResponse: 'No response',
  connection: 'Connection failed',
} as const

export const websiteCheckOptions = z.object({})
export const websiteCheckRequest = toolRequest(websiteUrlInput, websiteCheckOptions)

export const hopTimings = z.object({
  dnsMs: z.number().nullable(),
  connectMs: z.number().nullable(),
  tlsMs: z.number().nullable(),
  firstByteMs: z.number().nullable(),
  totalMs: z.number(),
})
export type HopTimings = z.infer<typeof hopTimings>

export const websiteHop = z.object({
  url: z.string(),
  /** The checked address this hop connected to; null when it never got that far. */
  address: z.string().nullable(),
  status: z.number().nullable(),
  statusText: z.string().nullable(),
  location: z.string().nullable(),
  timings: hopTimings,
  /** Why the check stopped at this hop. */
  error: z.string().nullable(),
})
export type WebsiteHop = z.infer<typeof websiteHop>

export const headerField = z.object({ name: z.string(), value: z.string() })
export type HeaderField = z.infer<typeof headerField>

export const securityHeaderCheck = z.object({
  name: z.string(),
  present: z.boolean(),
  value: z.string().nullable(),
  /** 'invalid': present but browsers ignore it (e.g. X-Frame-Options: ALLOWALL). */
  rating: z.enum(['good', 'weak', 'invalid', 'missing']),
  verdict: z.string(),
})
export type SecurityHeaderCheck = z.infer<typeof securityHeaderCheck>

/** The website-standards checks, in the order the report lists them. */
export const WEBSITE_STANDARD_IDS = [
  'https',
  'http-redirect',
  'certificate',
  'http2',
  'http3',
  'ipv6-address',
  'ipv6-reachable',
  'hsts',
  'csp',
  'content-type-options',
  'frame-protection',
  'referrer-policy',
  'permissions-policy',
  'cookies',
  'compression',
  'security-txt',
  'security-txt-contact',
  'security-txt-expires',
  'security-txt-content-type',
  'security-txt-canonical',
  'security-txt-signature',
  'security-txt-fields',
  'caa',
  'dnssec',
] as const
export const websiteStandardId = z.enum(WEBSITE_STANDARD_IDS)
export type WebsiteStandardId = z.infer<typeof websiteStandardId>

export const standardVerdict = z.enum(['pass', 'warning', 'fail', 'not-tested'])
export type StandardVerdict = z.infer<typeof standardVerdict>

export const websiteStandardCheck = z.object({
  id: websiteStandardId,
  /** "HTTP/2 (ALPN)", "Cookie session"... */
  name: z.string(),
  verdict: standardVerdict,
  /** What was seen, or why it could not be tested. */
  detail: z.string(),
  /** Whose fault a failure or an untested check is; null on pass. */
  failureSource: failureSource.nullable(),
})
export type WebsiteStandardCheck = z.infer<typeof websiteStandardCheck>

export const websiteCategory = z.object({
  id: z.enum(['https', 'versions', 'ipv6', 'headers', 'cookies', 'compression', 'security-txt', 'dns']),
  /** "HTTPS & redirect", "HTTP versions"... */
  name: z.string(),
  /** 0-100: a pass counts 1, a warning 1/2, a fail 0, over the checks tested; null when none was. */
  score: z.number().nullable(),
  checks: z.array(websiteStandardCheck),
})
export type WebsiteCategory = z.infer<typeof websiteCategory>

export const websiteTls = z.object({
  protocol: z.string().nullable(),
  cipher: z.string().nullable(),
  authorized: z.boolean(),
  authorizationError: z.string().nullable(),
})

export const websiteCheckResult = z.object({
  url: z.string(),
  finalUrl: z.string(),
  /** The product's legend: up (green) when the final answer is 2xx or 3xx, down (red) otherwise. */
  up: z.boolean(),
  finalStatus: z.number().nullable(),
  statusText: z.string().nullable(),
  hops: z.array(websiteHop),
  headers: z.array(headerField),
  securityHeaders: z.array(securityHeaderCheck),
  bodyBytes: z.number().nullable(),
  bodyTruncated: z.boolean(),
  tls: websiteTls.nullable(),
  /** The website-standards report by category; empty when the site gave no answer to judge. */
  standards: z.array(websiteCategory),
  /** The site's /.well-known/security.txt; absent when the site gave no answer (and in results saved before it was read). */
  securityTxt: securityTxtReport.optional(),
  /** The CAA records that apply to the final URL's host. */
  caa: caaReport.optional(),
  /** The DNSSEC status of the final URL's host. */
  dnssec: websiteDnssecReport.optional(),
})
export type WebsiteCheckResult = z.infer<typeof websiteCheckResult>

export const websiteCheckResponse = toolResponse('website-check', websiteCheckResult)
