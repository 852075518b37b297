// Reads the Strict-Transport-Security header with one HTTPS GET to the same checked address.
import type { HstsReport } from '../../shared/tools/ssl/schema.ts'
import { HttpHopError, requestHop } from '../net/guarded-http-request.ts'
import type { IpLiteral } from '../net/ip-literal.ts'
import type { TargetPolicy } from '../net/policy.ts'
import { describeTlsFailure } from '../net/tls-failure-words.ts'

export function parseHsts(value: string | null): HstsReport {
  if (value === null) {
    return { present: false, value: null, maxAge: null, includeSubDomains: false, preload: false, error: null }
  }
  const directives = value.split(';').map((part) => part.trim().toLowerCase())
  const maxAge = directives.map((d) => /^max-age\s*=\s*"?(\d+)"?$/.exec(d)?.[1]).find((v) => v !== undefined)
  return {
    present: true,
    value,
    maxAge: maxAge === undefined ? null : Number(maxAge),
    includeSubDomains: directives.includes('includesubdomains'),
    preload: directives.includes('preload'),
    error: null,
  }
}

export interface HstsTarget {
  policy: TargetPolicy
  address: IpLiteral
  host: string
  port: number
  signal: AbortSignal
  timeoutMs: number
  userAgent: string
}

export async function readHsts(target: HstsTarget): Promise<HstsReport> {
  const url = new URL(`https://${target.host}${target.port === 443 ? '' : `:${target.port}`}/`)
  try {
    const response = await requestHop({
      url,
      address: target.address,
      policy: target.policy,
      signal: target.signal,
      timeoutMs: target.timeoutMs,
      headers: { 'user-agent': target.userAgent },
      verifyCertificate: false,
      maxBodyBytes: 1,
    })
    const header = response.headers.find((h) => h.name.toLowerCase() === 'strict-transport-security')
    return parseHsts(header?.value ?? null)
  } catch (error) {
    const reason =
      error instanceof HttpHopError
        ? `${error.kind}${error.code ? `: ${describeTlsFailure(error)}` : ''}`
        : 'request failed'
    return { ...parseHsts(null), error: `HTTP request ${reason}` }
  }
}
