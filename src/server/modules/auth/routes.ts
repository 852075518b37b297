// /api/auth/*: better-auth's own routes, bridged from Fastify to its fetch-style handler, behind
// our per-email limits.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { AUTH_PREFIX, originFormOf } from '../../plugins/route-scope.ts'
import { clientAddressKey } from '../limits/client-key.ts'
import { type Auth, CLIENT_IP_HEADER } from './auth.ts'
import type { EmailRateLimiter } from './email-rate-limit.ts'
import type { SignInThrottle } from './sign-in-throttle.ts'

export interface AuthRoutesOptions {
  auth: Auth
  publicUrl: string
  emailLimiter: EmailRateLimiter
  signInThrottle: SignInThrottle
}

const DROPPED_HEADERS = new Set(['content-length', 'transfer-encoding', 'connection', CLIENT_IP_HEADER])

/**
 * The URL better-auth is given: the request's own path and query on our public origin (never the
 * host of an absolute-form request target). Null when the path is not spelled /api/auth/… as sent:
 * the router also matches /%61pi/auth/… to this route, and better-auth and our per-email limits
 * must both read the one path that was asked for.
 */
function authUrlOf(request: FastifyRequest, publicUrl: string): URL | null {
  const target = originFormOf(request.url)
  if (!target.startsWith(AUTH_PREFIX)) return null
  const url = new URL(target, publicUrl)
  return url.pathname.startsWith(AUTH_PREFIX) ? url : null
}

function toFetchRequest(request: FastifyRequest, url: URL): Request {
  const headers = new Headers()
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined || DROPPED_HEADERS.has(name)) continue
    for (const item of Array.isArray(value) ? value : [value]) headers.append(name, item)
  }
  headers.set(CLIENT_IP_HEADER, request.ip)
  const hasBody = request.method !== 'GET' && request.method !== 'HEAD' && request.body !== undefined
  return new Request(url, {
    method: request.method,
    headers,
    body: hasBody ? JSON.stringify(withDefaults(url.pathname, request.body)) : undefined,
  })
}

/**
 * A password change signs out every other session unless the caller explicitly keeps them: whoever
 * changes a password because it leaked wants the thief's session gone.
 */
function withDefaults(pathname: string, body: unknown): unknown {
  if (!pathname.endsWith('/change-password') || typeof body !== 'object' || body === null) return body
  return 'revokeOtherSessions' in body ? body : { ...body, revokeOtherSessions: true }
}

/**
 * better-auth also returns the session token in JSON bodies (for bearer-token clients). Our pages
 * use only the httpOnly cookie, so the token is taken out: page scripts never see it.
 */
export function withoutSessionTokens(json: string): string {
  const data: unknown = JSON.parse(json)
  if (typeof data !== 'object' || data === null) return json
  const { token: _token, ...rest } = data as Record<string, unknown>
  const session = rest.session
  if (typeof session === 'object' && session !== null) {
    const { token: _sessionToken, ...safeSession } = session as Record<string, unknown>
    rest.session = safeSession
  }
  return JSON.stringify(rest)
}

async function sendFetchResponse(reply: FastifyReply, response: Response): Promise<FastifyReply> {
  reply.code(response.status)
  response.headers.forEach((value, name) => {
    if (name !== 'set-cookie' && name !== 'content-length') reply.header(name, value)
  })
  const cookies = response.headers.getSetCookie()
  if (cookies.length > 0) reply.header('set-cookie', cookies)
  const text = await response.text()
  if (text === '') return reply.send()
  const isJson = (response.headers.get('content-type') ?? '').includes('application/json')
  return reply.send(isJson ? withoutSessionTokens(text) : text)
}

function emailOf(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null || !('email' in body)) return undefined
  return typeof body.email === 'string' ? body.email : undefined
}

const tooMany = (reply: FastifyReply, retryAfterSeconds: number) =>
  reply
    .code(429)
    .header('retry-after', String(retryAfterSeconds))
    .send({ code: 'TOO_MANY_REQUESTS', message: 'Too many requests. Please try again later.' })

export async function authRoutes(
  app: FastifyInstance,
  { auth, publicUrl, emailLimiter, signInThrottle }: AuthRoutesOptions,
) {
  app.route({
    method: ['GET', 'POST'],
    url: '/api/auth/*',
    schema: { hide: true },
    async handler(request, reply) {
      const url = authUrlOf(request, publicUrl)
      if (!url) {
        const pathname = request.url.split('?')[0]
        return reply
          .code(404)
          .send({ error: { type: 'not_found', message: `No route for ${request.method} ${pathname}` } })
      }
      const email = request.method === 'POST' ? emailOf(request.body) : undefined
      const action = url.pathname.slice('/api/auth'.length).replace(/\/+$/, '')
      const signIn = email !== undefined && action === '/sign-in/email'
      const address = clientAddressKey(request.ip)
      if (signIn) {
        const decision = await signInThrottle.check(email, address)
        if (!decision.allowed) return tooMany(reply, decision.retryAfterSeconds)
      } else if (email !== undefined) {
        const decision = await emailLimiter.consume(action, email)
        if (!decision.allowed) return tooMany(reply, decision.retryAfterSeconds)
      }
      const response = await auth.handler(toFetchRequest(request, url))
      if (signIn && response.status === 401) await signInThrottle.recordFailure(email, address)
      if (signIn && response.ok) await signInThrottle.recordSuccess(email, address)
      return sendFetchResponse(reply, response)
    },
  })
}
