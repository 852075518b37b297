// Personal API tokens: POST/GET /api/tokens, DELETE /api/tokens/:id.
import { z } from 'zod'

export const TOKEN_PREFIX = 'ntb_'

/**
 * What a token may do. `results:read`: the account's history and stored results (reading them, and
 * deleting, restoring, pinning and unsharing them); `tools:run`: running tools, bulk runs,
 * measurements, the speed test and phone lookups, and sharing the runs so made; `monitors:manage`:
 * the account's monitors.
 */
export const TOKEN_SCOPES = ['results:read', 'tools:run', 'monitors:manage'] as const
export const tokenScope = z.enum(TOKEN_SCOPES, { error: `Scopes are ${TOKEN_SCOPES.join(', ')}` })
export type TokenScope = z.infer<typeof tokenScope>

export const TOKEN_SCOPE_LABELS: Record<TokenScope, string> = {
  'results:read': 'Read your results and history',
  'tools:run': 'Run tools',
  'monitors:manage': 'Create, edit and delete monitors',
}

/** The lifetimes offered when a token is made, in days; null is "never expires". */
export const TOKEN_EXPIRY_DAYS = [7, 30, 90, 365] as const

export const tokenName = z
  .string({ error: 'Give the token a name' })
  .trim()
  .min(1, 'Give the token a name')
  .max(80, 'Token names have at most 80 characters')

const expiryMessage = `The expiry is one of ${TOKEN_EXPIRY_DAYS.join(', ')} days, or null for never`

export const createTokenRequest = z.object({
  name: tokenName,
  /** Without it, the token gets every scope (as tokens made before scopes existed). */
  scopes: z
    .array(tokenScope, { error: 'scopes is a list of scopes' })
    .min(1, 'Choose at least one scope')
    .transform((scopes) => TOKEN_SCOPES.filter((scope) => scopes.includes(scope)))
    .optional(),
  /** Days until the token expires; null or absent: it never expires. */
  expiresInDays: z
    .number({ error: expiryMessage })
    .refine((days) => (TOKEN_EXPIRY_DAYS as readonly number[]).includes(days), expiryMessage)
    .nullable()
    .optional(),
})
export type CreateTokenRequest = z.input<typeof createTokenRequest>

export const apiTokenItem = z.object({
  id: z.string(),
  name: z.string(),
  /** The token's first characters, e.g. "ntb_Xy3k…". */
  hint: z.string(),
  scopes: z.array(tokenScope),
  createdAt: z.string(),
  /** ISO-8601 UTC; null: never expires. */
  expiresAt: z.string().nullable(),
  lastUsedAt: z.string().nullable(),
})
export type ApiTokenItem = z.infer<typeof apiTokenItem>

export const createdToken = z.object({
  id: z.string(),
  name: z.string(),
  /** The secret, shown this once; only its hash is stored. */
  token: z.string(),
  scopes: z.array(tokenScope),
  createdAt: z.string(),
  expiresAt: z.string().nullable(),
})
export type CreatedToken = z.infer<typeof createdToken>

export const apiTokenList = z.object({ items: z.array(apiTokenItem) })

/** The scopes stored as one space-separated text, read back in their canonical order. */
export function parseScopes(text: string): TokenScope[] {
  const words = text.split(/\s+/)
  return TOKEN_SCOPES.filter((scope) => words.includes(scope))
}
