// Website check: a server-side GET of the URL, following up to 10 redirects (each re-resolved and
// re-checked), within the product's 10 s; up when the final answer is 2xx/3xx, down otherwise. Then
// the website-standards probes (standards.ts) and the site's records beside the page (security.txt,
// CAA, DNSSEC: site-records.ts), in parallel under their own shorter deadline.
import type { z } from 'zod'
import { websiteCheckContract } from '../../shared/tools/website-check/index.ts'
import {
  WEBSITE_MAX_REDIRECTS,
  WEBSITE_TIMEOUT_MS,
  type WebsiteCheckResult,
  type websiteCheckRequest,
} from '../../shared/tools/website-check/schema.ts'
import { type DsRecord, loadDnssecTrustAnchors } from '../dnssec/trust-anchors.ts'
import { createTrustStore, type TrustStore } from '../net/trust-anchors.ts'
import type { Diagnostic } from '../types.ts'
import { type ChainReport, checkChain } from './check-chain.ts'
import { rateSecurityHeaders } from './security-headers.ts'
import { assessSiteRecords, type SiteRecords } from './site-records.ts'
import { assessStandards } from './standards.ts'

/** Deadline of each website-standards probe (plain-HTTP redirect, ALPN, IPv6), run after the main walk. */
export const STANDARDS_PROBE_MS = 5000

type WebsiteCheckRequest = z.infer<typeof websiteCheckRequest>

export interface WebsiteCheckOptions {
  /** Budget of the whole check (the product's 10 s by default). */
  timeoutMs?: number
  maxRedirects?: number
  /** Named in the User-Agent so site owners can see who is asking (PUBLIC_URL). */
  publicUrl?: string
  /** The CAs certificates are verified against (the registry's one trust store); the system's by default. */
  trust?: TrustStore
  /** Deadline of each website-standards probe. */
  probeTimeoutMs?: number
  /** DS records DNSSEC validation of the host starts from; IANA's root anchors by default. */
  trustAnchors?: DsRecord[]
  /** The time security.txt's Expires is compared with (tests); now by default. */
  now?: () => Date
}

function summarize(
  input: string,
  report: ChainReport,
  standards: WebsiteCheckResult['standards'],
  records: SiteRecords | null,
): WebsiteCheckResult {
  const final = report.final
  const status = final?.status ?? null
  const headers = final?.headers ?? []
  return {
    url: input,
    finalUrl: report.finalUrl.href,
    up: report.failure === null && status !== null && status >= 200 && status < 400,
    finalStatus: status,
    statusText: final?.statusText ?? null,
    hops: report.hops,
    headers,
    securityHeaders: final ? rateSecurityHeaders(headers, report.finalUrl.protocol === 'https:') : [],
    bodyBytes: final?.bodyBytes ?? null,
    bodyTruncated: final?.bodyTruncated ?? false,
    tls: final?.tls ?? null,
    standards: records ? [...standards, ...records.categories] : standards,
    ...(records ? { securityTxt: records.securityTxt, caa: records.caa, dnssec: records.dnssec } : {}),
  }
}

export function createWebsiteCheckDiagnostic(
  options: WebsiteCheckOptions = {},
): Diagnostic<WebsiteCheckRequest, WebsiteCheckResult> {
  const timeoutMs = options.timeoutMs ?? WEBSITE_TIMEOUT_MS
  const probeTimeoutMs = options.probeTimeoutMs ?? STANDARDS_PROBE_MS
  const { ca } = options.trust ?? createTrustStore()
  const trustAnchors = options.trustAnchors ?? loadDnssecTrustAnchors(undefined)
  const now = options.now ?? (() => new Date())
  const userAgent = `NetToolbox-WebsiteCheck/1.34${options.publicUrl ? ` (+${options.publicUrl})` : ''}`
  return {
    ...websiteCheckContract,
    deadlineMs: timeoutMs + probeTimeoutMs + 2000,
    async run(request, ctx) {
      const start = new URL(request.input)
      const report = await checkChain(start, {
        net: ctx.net,
        signal: ctx.signal,
        timeoutMs,
        maxRedirects: options.maxRedirects ?? WEBSITE_MAX_REDIRECTS,
        userAgent,
        ca,
      })
      const probe = { net: ctx.net, signal: ctx.signal, timeoutMs: probeTimeoutMs, userAgent, ca }
      const [standards, records] = await Promise.all([
        assessStandards(start, report, probe),
        report.final
          ? assessSiteRecords(report, {
              ...probe,
              maxRedirects: options.maxRedirects ?? WEBSITE_MAX_REDIRECTS,
              trustAnchors,
              now: now(),
            })
          : null,
      ])
      const result = summarize(request.input, report, standards, records)
      if (report.failure) return { status: 'failed', ...report.failure, result }
      return { status: 'ok', result }
    },
  }
}
