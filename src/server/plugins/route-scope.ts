// Which rules a request falls under — the API's (the same-origin rule, API tokens, the API's security
// headers), better-auth's, or the pages' — is decided on the route that will handle it, never on the
// raw request target. The router reads /%61pi/tokens as /api/tokens (it decodes percent-escapes) and
// takes absolute-form targets (http://any.host/api/tokens), so a prefix test on request.url misses
// spellings that reach the very same handler. Fastify matches the route before the first onRequest
// hook runs, so request.routeOptions.url (the route's pattern, e.g. "/api/monitors/:id") is known to
// every hook. A request that no route matches runs no handler but the 404 answer; it is judged on its
// normalised path, so that answer carries the headers of the part of the site it names.
import type { FastifyRequest } from 'fastify'

export type RouteScope = 'api' | 'auth' | 'pages'

/** better-auth's routes (src/server/modules/auth/routes.ts): sessions only, never API tokens. */
export const AUTH_PREFIX = '/api/auth/'

/** The scope of the route that handles the request, or of its normalised path when none matches. */
export function routeScopeOf(request: FastifyRequest): RouteScope {
  return scopeOfPath(request.routeOptions.url ?? normalisedPath(request.url))
}

export function scopeOfPath(path: string): RouteScope {
  if (path.startsWith(AUTH_PREFIX) || path === '/api/auth') return 'auth'
  if (path.startsWith('/api/') || path === '/api') return 'api'
  return 'pages'
}

/** The path (and query) of a request target, also of an absolute-form one (`http://host/path?query`). */
export function originFormOf(target: string): string {
  const authority = /^[a-z][a-z\d+.-]*:\/\/[^/?#]*/i.exec(target)
  if (!authority) return target
  const rest = target.slice(authority[0].length)
  return rest.startsWith('/') ? rest : `/${rest}`
}

/** Percent-escapes decoded again and again, up to this many rounds (/%2561pi is /%61pi is /api). */
const DECODE_ROUNDS = 4

/**
 * The path of a request target read as loosely as any server or proxy might read it: the query
 * dropped, percent-escapes of ASCII decoded (repeatedly), backslashes as slashes, `;parameters`,
 * empty and `.` segments dropped, `..` resolved, lower-cased. Only ever used to pick the stricter
 * rules for a request that no route handles.
 */
export function normalisedPath(target: string): string {
  let path = originFormOf(target).split(/[?#]/, 1)[0] ?? ''
  for (let round = 0; round < DECODE_ROUNDS && path.includes('%'); round++) {
    const decoded = path.replace(/%([0-7][\da-f])/gi, (_escape, hex: string) =>
      String.fromCharCode(Number.parseInt(hex, 16)),
    )
    if (decoded === path) break
    path = decoded
  }
  const segments: string[] = []
  for (const part of path.split(/[\\/]/)) {
    const segment = part.split(';', 1)[0] ?? ''
    if (segment === '' || segment === '.') continue
    if (segment === '..') segments.pop()
    else segments.push(segment)
  }
  return `/${segments.join('/')}`.toLowerCase()
}
