// The signed-in user of a request, as every module asks for it: from its session cookie
// (modules/auth/session.ts) or its API token (modules/tokens/bearer.ts), null for a visitor.
// It lives below the modules so that auth, tokens, limits and the rest share it without importing
// each other.
import type { FastifyRequest } from 'fastify'

export interface SessionUser {
  id: string
  email: string
}

export type CurrentUser = (request: FastifyRequest) => Promise<SessionUser | null>
