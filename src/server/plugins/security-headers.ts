// The Content-Security-Policy of the site: no foreign scripts and no inline script but the two fixed
// ones of boot-script.ts; the browser talks to our
// own API, to the speed test's optional external server, and to the embedded tools' origins only
// for the credential-less reachability check made before showing their frame; frames only from the
// exact origins of the external tools the catalogue embeds.
import type { IncomingMessage, ServerResponse } from 'node:http'
import helmet from 'helmet'
import { type CatalogueKind, catalogue } from '../../shared/catalogue.ts'
import { INLINE_SCRIPT_SOURCES } from './boot-script.ts'

function originsOf(kinds: CatalogueKind[]): string[] {
  const origins = catalogue
    .filter((entry) => kinds.includes(entry.kind) && entry.url !== undefined)
    .map((entry) => new URL(entry.url ?? '').origin)
  return [...new Set(origins)].sort()
}

/**
 * Origins of the catalogue entries shown in a frame (embedded tools and the speed-test embed); the
 * speed-test origin is also the external server the in-browser speed test may measure against.
 */
export function embeddedOrigins(): string[] {
  return originsOf(['embed', 'speed'])
}

export function contentSecurityPolicy() {
  return {
    defaultSrc: ["'self'"],
    // Our own scripts, and the two fixed inline ones: the theme before the first paint, the loader after.
    scriptSrc: ["'self'", ...INLINE_SCRIPT_SOURCES],
    styleSrc: ["'self'", "'unsafe-inline'"],
    // Map tiles come from a configurable tile server.
    imgSrc: ["'self'", 'data:', 'https:'],
    // The embedded origins include the speed test's external server.
    connectSrc: ["'self'", ...embeddedOrigins()],
    fontSrc: ["'self'", 'data:'],
    frameSrc: embeddedOrigins(),
    frameAncestors: ["'self'"],
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'"],
    upgradeInsecureRequests: null,
  }
}

export interface SecurityHeaderOptions {
  /** Strict-Transport-Security only when the site is served over HTTPS. */
  https: boolean
}

/**
 * The policy of API answers (JSON, text, event streams): nothing in them may load or run anything.
 * Stricter than the pages' policy, and a fraction of its size on the busiest routes.
 */
export const API_CONTENT_SECURITY_POLICY =
  "default-src 'none'; frame-ancestors 'self'; base-uri 'none'; form-action 'none'"

/**
 * Headers that only mean something for a document a browser renders (legacy IE, Flash and XSS
 * auditor switches, prefetching, agent clustering): pages keep them, API answers do without.
 */
const DOCUMENT_ONLY_HEADERS = [
  'x-dns-prefetch-control',
  'x-download-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
  'origin-agent-cluster',
]

/**
 * The security headers every response carries, worked out once by helmet (the library that keeps
 * up with what browsers honour) and then set as a fixed list: helmet's middleware would otherwise
 * re-parse the whole policy on every request. `api` is the same list with the API answers' policy.
 */
export function securityHeaders(options: SecurityHeaderOptions): {
  pages: Record<string, string>
  api: Record<string, string>
} {
  const pages = helmetHeaders(options)
  const api: Record<string, string> = { ...pages, 'content-security-policy': API_CONTENT_SECURITY_POLICY }
  for (const name of DOCUMENT_ONLY_HEADERS) delete api[name]
  return { pages, api }
}

function helmetHeaders({ https }: SecurityHeaderOptions): Record<string, string> {
  const headers: Record<string, string> = {}
  const capture = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value)
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()]
    },
  }
  const middleware = helmet({
    contentSecurityPolicy: { directives: contentSecurityPolicy() },
    hsts: https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    crossOriginEmbedderPolicy: false,
  })
  let failure: unknown
  middleware({} as IncomingMessage, capture as unknown as ServerResponse, (error?: unknown) => {
    failure = error
  })
  if (failure) throw failure
  return headers
}
