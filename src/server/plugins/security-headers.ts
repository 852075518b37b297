// The Content-Security-Policy of the site: no inline or foreign scripts; the browser talks to our
// own API and, for the speed test's optional external server, to that server only; frames only from
// the exact origins of the external tools the catalogue embeds.
import { type CatalogueKind, catalogue } from '../../shared/catalogue.ts'

function originsOf(kinds: CatalogueKind[]): string[] {
  const origins = catalogue
    .filter((entry) => kinds.includes(entry.kind) && entry.url !== undefined)
    .map((entry) => new URL(entry.url ?? '').origin)
  return [...new Set(origins)].sort()
}

/** Origins of the catalogue entries shown in a frame (embedded tools and the speed-test embed). */
export function embeddedOrigins(): string[] {
  return originsOf(['embed', 'speed'])
}

/** The speed-test server the in-browser speed test may measure against besides ours. */
export function speedTestOrigins(): string[] {
  return originsOf(['speed'])
}

export function contentSecurityPolicy() {
  return {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'"],
    styleSrc: ["'self'", "'unsafe-inline'"],
    // Map tiles come from a configurable tile server.
    imgSrc: ["'self'", 'data:', 'https:'],
    connectSrc: ["'self'", ...speedTestOrigins()],
    fontSrc: ["'self'", 'data:'],
    frameSrc: embeddedOrigins(),
    frameAncestors: ["'self'"],
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'"],
    upgradeInsecureRequests: null,
  }
}
