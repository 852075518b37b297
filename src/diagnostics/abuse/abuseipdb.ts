// AbuseIPDB's check endpoint (API v2), asked over the guarded HTTP client when ABUSEIPDB_KEY is set.
import { z } from 'zod'
import { GuardedFetchError, guardedFetch } from '../net/guarded-http.ts'
import type { Net } from '../net/net.ts'
import type { AbuseIpdbReport } from './score.ts'

export const ABUSEIPDB_DEFAULT_URL = 'https://api.abuseipdb.com/api/v2/'

export interface AbuseIpdbSettings {
  key: string
  /** API base, ending in "/" (tests point it at a loopback fake). */
  baseUrl?: string
  timeoutMs?: number
}

export type AbuseIpdbAnswer = { ok: true; report: AbuseIpdbReport } | { ok: false; error: string }

const checkBody = z.object({
  data: z.object({
    abuseConfidenceScore: z.number(),
    totalReports: z.number().default(0),
    lastReportedAt: z.string().nullable().default(null),
    isp: z.string().nullable().default(null),
    countryCode: z.string().nullable().default(null),
  }),
})

export async function checkAbuseIpdb(
  ip: string,
  settings: AbuseIpdbSettings,
  context: { net: Pick<Net, 'policy' | 'resolveTarget'>; signal: AbortSignal },
): Promise<AbuseIpdbAnswer> {
  const url = new URL('check', settings.baseUrl ?? ABUSEIPDB_DEFAULT_URL)
  url.searchParams.set('ipAddress', ip)
  url.searchParams.set('maxAgeInDays', '90')
  try {
    const response = await guardedFetch(url.href, {
      net: context.net,
      signal: context.signal,
      timeoutMs: settings.timeoutMs ?? 8000,
      maxBytes: 256 * 1024,
      headers: { key: settings.key, accept: 'application/json' },
    })
    if (response.status !== 200) return { ok: false, error: `AbuseIPDB answered HTTP ${response.status}` }
    let json: unknown
    try {
      json = JSON.parse(response.body.toString('utf8'))
    } catch {
      return { ok: false, error: 'AbuseIPDB did not answer JSON' }
    }
    const parsed = checkBody.safeParse(json)
    if (!parsed.success) return { ok: false, error: 'AbuseIPDB answered in an unexpected format' }
    const data = parsed.data.data
    return {
      ok: true,
      report: {
        confidence: data.abuseConfidenceScore,
        totalReports: data.totalReports,
        lastReportedAt: data.lastReportedAt,
        isp: data.isp,
        countryCode: data.countryCode,
      },
    }
  } catch (error) {
    if (error instanceof GuardedFetchError) return { ok: false, error: `AbuseIPDB: ${error.message}` }
    throw error
  }
}
