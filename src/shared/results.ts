// Shared results (permalinks): POST /api/results, GET/PATCH/DELETE /api/results/:id and the /r/:id page.
import { z } from 'zod'
import { failureSource, toolStatus } from './tools/tool-answer.ts'

/** Path of a share's page on the site. */
export function resultPath(id: string): string {
  return `/r/${id}`
}

/** Share ids are 16 random bytes in base64url (22 characters). */
export const shareId = z.string().regex(/^[A-Za-z0-9_-]{22}$/, 'Unknown result id')

export const shareRequest = z.object({
  runId: z.string({ error: 'runId is required' }).min(1, 'runId is required').max(100, 'Unknown run'),
})

export const shareCreated = z.object({
  id: z.string(),
  /** The permalink: PUBLIC_URL + /r/<id>. */
  url: z.string(),
  /** Anonymous shares only: pass it to DELETE /api/results/:id?deleteToken=… to unshare. */
  deleteToken: z.string().optional(),
  /** True when the run was shared before: the same permalink, and the deleteToken given then stays valid. */
  alreadyShared: z.boolean().optional(),
  /**
   * ISO-8601 UTC: when the permalink stops working (SHARE_RETENTION_DAYS after sharing); null when
   * pinned. Always sent by this server; optional so that clients also read older servers' answers.
   */
  expiresAt: z.string().nullable().optional(),
  pinned: z.boolean().optional(),
})
export type ShareCreated = z.infer<typeof shareCreated>

/** A shared result: the tool answer as the server sent it, and where, when and by what it was measured. */
export const sharedResult = z.object({
  id: z.string(),
  tool: z.string(),
  input: z.string(),
  status: toolStatus,
  result: z.unknown(),
  lines: z.array(z.string()),
  durationMs: z.number(),
  failureSource: failureSource.optional(),
  error: z.string().optional(),
  /** The options the run was asked with (DNS `type`, ping `count`...), when it had any. */
  options: z.record(z.string(), z.unknown()).optional(),
  /** ISO-8601 UTC: when the tool ran. */
  createdAt: z.string(),
  /** The server that measured it (SERVER_NAME or the host of PUBLIC_URL). */
  server: z.string(),
  /** ISO-8601 UTC: when it was shared. */
  sharedAt: z.string(),
  /** Pinned shares never expire. */
  pinned: z.boolean(),
  /** ISO-8601 UTC: when the permalink stops working; null when pinned. */
  expiresAt: z.string().nullable(),
})
export type SharedResult = z.infer<typeof sharedResult>

export const pinRequest = z.object({ pinned: z.boolean({ error: 'pinned must be true or false' }) })
