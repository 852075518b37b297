// GET /api/ip: the caller's address as this server sees it (TRUST_PROXY honoured by Fastify).
// Plain text plus a newline for command-line clients and by default; JSON when asked for.
// The busiest route by far (scripts poll it): buildApp registers it apart from the app-wide hooks,
// so it sets its security headers and counts itself here, and does nothing else per request.
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { unmapIpv4 } from '../../../diagnostics/ip-data/geo-db.ts'
import { parseIpLiteral } from '../../../diagnostics/net/ip-literal.ts'

const ipBody = z.object({ ip: z.string() })

/** HTTPie sends "Accept: application/json" by default, yet its users want the bare address. */
function wantsJson(request: FastifyRequest): boolean {
  const agent = request.headers['user-agent'] ?? ''
  if (/^HTTPie\//i.test(agent)) return false
  return /\bapplication\/json\b/i.test(request.headers.accept ?? '')
}

/** An IPv4 address in dotted decimal without leading zeros: already in its canonical form. */
const CANONICAL_IPV4 = /^(?:(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)\.){3}(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)$/

function callerAddress(request: FastifyRequest): string {
  if (CANONICAL_IPV4.test(request.ip)) return request.ip
  const literal = parseIpLiteral(request.ip)
  return literal ? unmapIpv4(literal).address : request.ip
}

export interface IpRouteOptions {
  /** The security headers of API answers. */
  headers: Record<string, string>
  /** Counts one 200 answer (metrics). */
  countOk: (method: string) => void
}

export async function ipRoutes(app: FastifyInstance, { headers, countOk }: IpRouteOptions) {
  // No Vary (Accept, User-Agent pick the form): no-store keeps every cache from storing an answer.
  const jsonHeaders = { ...headers, 'cache-control': 'no-store' }
  const textHeaders = { ...jsonHeaders, 'content-type': 'text/plain; charset=utf-8' }
  // This route logs nothing of its own, so its requests share the app's logger instead of each
  // getting a child bound to its request id; an error here is logged without that id.
  app.setChildLoggerFactory((logger) => logger)
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/ip',
    {
      schema: {
        tags: ['tools'],
        summary: "The caller's IP address: text/plain, or JSON with Accept: application/json",
        response: { 200: z.union([ipBody, z.string()]) },
      },
    },
    async (request, reply) => {
      const ip = callerAddress(request)
      countOk(request.method)
      if (wantsJson(request)) {
        reply.headers(jsonHeaders)
        return { ip }
      }
      return reply.headers(textHeaders).send(`${ip}\n`)
    },
  )
}
