// Personal API tokens: POST/GET /api/tokens, DELETE /api/tokens/:id.
import { z } from 'zod'

export const TOKEN_PREFIX = 'ntb_'

export const tokenName = z
  .string({ error: 'Give the token a name' })
  .trim()
  .min(1, 'Give the token a name')
  .max(80, 'Token names have at most 80 characters')

export const createTokenRequest = z.object({ name: tokenName })

export const apiTokenItem = z.object({
  id: z.string(),
  name: z.string(),
  /** The token's first characters, e.g. "ntb_Xy3k…". */
  hint: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
})
export type ApiTokenItem = z.infer<typeof apiTokenItem>

export const createdToken = z.object({
  id: z.string(),
  name: z.string(),
  /** The secret, shown this once; only its hash is stored. */
  token: z.string(),
  createdAt: z.string(),
})
export type CreatedToken = z.infer<typeof createdToken>

export const apiTokenList = z.object({ items: z.array(apiTokenItem) })
