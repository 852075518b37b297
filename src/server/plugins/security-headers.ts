// The Content-Security-Policy of the site: no inline or foreign scripts; the browser talks only to
// our own API; frames only from the exact origins of the external tools the catalogue embeds.
import { catalogue } from '../../shared/catalogue.ts'

/** Origins of the catalogue entries shown in a frame (embedded tools and the speed-test embed). */
export function embeddedOrigins(): string[] {
  const origins = catalogue
    .filter((entry) => (entry.kind === 'embed' || entry.kind === 'speed') && entry.url !== undefined)
    .map((entry) => new URL(entry.url ?? '').origin)
  return [...new Set(origins)].sort()
}

export function contentSecurityPolicy() {
  return {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'"],
    styleSrc: ["'self'", "'unsafe-inline'"],
    // Map tiles come from a configurable tile server.
    imgSrc: ["'self'", 'data:', 'https:'],
    connectSrc: ["'self'"],
    fontSrc: ["'self'", 'data:'],
    frameSrc: embeddedOrigins(),
    frameAncestors: ["'self'"],
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'"],
    upgradeInsecureRequests: null,
  }
}
