// Which scope an API token needs for each API route, decided on the route that handles the request
// (its pattern, e.g. "/api/monitors/:id"), never on how the path was spelled. Routes that act for no
// account (the caller's address, the API document, analytics events) need none. A route this table
// does not know needs every scope: a token narrowed to some scopes never reaches a route added later
// without a decision here, while tokens with every scope (all tokens made before scopes existed) keep
// working everywhere. test/tokens/token-scopes.test.ts checks that every API route of the app is
// named here.
import { TOKEN_SCOPES, type TokenScope } from '../../../shared/api-tokens.ts'

type Method = 'GET' | 'HEAD' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'OPTIONS'

interface ScopeRule {
  /** The route pattern, or a prefix of it when it ends with "/" or "*". */
  route: string
  /** Methods the rule covers; every method when absent. */
  methods?: readonly Method[]
  /** The scope needed; null: none (any valid token). */
  scope: TokenScope | null
}

/** First match wins. */
export const ROUTE_SCOPES: readonly ScopeRule[] = [
  { route: '/api/ip', scope: null },
  { route: '/api/openapi.json', scope: null },
  { route: '/api/events', scope: null },
  { route: '/api/probes', scope: null },
  // Both refuse API tokens themselves: tokens and two-factor sign-in are changed in a browser session.
  { route: '/api/tokens*', scope: null },
  { route: '/api/account/*', scope: null },
  { route: '/api/tools/*', scope: 'tools:run' },
  { route: '/api/bulk/*', scope: 'tools:run' },
  { route: '/api/measurements*', scope: 'tools:run' },
  { route: '/api/speed/*', scope: 'tools:run' },
  { route: '/api/phone-lookup', scope: 'tools:run' },
  { route: '/api/phone-reports', scope: 'tools:run' },
  // Sharing the run a script just made (the CLI's --share) belongs with running it.
  { route: '/api/results', methods: ['POST'], scope: 'tools:run' },
  { route: '/api/results/:id', scope: 'results:read' },
  { route: '/api/history*', scope: 'results:read' },
  { route: '/api/monitors*', scope: 'monitors:manage' },
]

function matches(rule: ScopeRule, route: string): boolean {
  if (rule.route.endsWith('*')) return route.startsWith(rule.route.slice(0, -1))
  return route === rule.route
}

/** The rule for a route, or undefined when the table does not name it. */
export function ruleFor(method: string, route: string): ScopeRule | undefined {
  return ROUTE_SCOPES.find(
    (rule) => matches(rule, route) && (!rule.methods || rule.methods.includes(method.toUpperCase() as Method)),
  )
}

/** The scopes a token needs for a request to this route. */
export function scopesNeeded(method: string, route: string): readonly TokenScope[] {
  const rule = ruleFor(method, route)
  if (!rule) return TOKEN_SCOPES
  return rule.scope === null ? [] : [rule.scope]
}
