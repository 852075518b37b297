// GET /api/history: the caller's saved tool results, newest first (at most 50); DELETE
// /api/history/:id and POST /api/history/:id/restore.
import { z } from 'zod'
import { failureSource, toolStatus } from './tools/tool-answer.ts'

export const HISTORY_LIMIT = 50

/**
 * How long a deleted result can be restored (Undo). The server keeps it, hidden, for that long and
 * the results retention job removes it afterwards. Longer than the Undo toast, which a pointer
 * resting on it keeps open.
 */
export const HISTORY_RESTORE_MS = 10 * 60_000

/** A run's request options as sent: scalar values by option name (DNS `type`, ping `count`...). */
export const runOptions = z.record(z.string(), z.unknown())
export type RunOptions = z.infer<typeof runOptions>

export const historyItem = z.object({
  id: z.string(),
  /** Catalogue id of the tool, e.g. "dns". */
  toolName: z.string(),
  inputValue: z.string().nullable(),
  /** The options the run was asked with; null when it had none. */
  options: runOptions.nullable(),
  /** "failed" when the diagnosis failed (its error says why); such runs are kept too. */
  status: toolStatus,
  error: z.string().nullable(),
  failureSource: failureSource.nullable(),
  /** The tool answer's result: a string, an array or an object; null for most failed runs. */
  resultData: z.unknown(),
  /** ISO-8601 UTC. */
  createdAt: z.string(),
  /** The stored run (POST /api/results { runId } shares it) while the server keeps it; null after. */
  runId: z.string().nullable().optional(),
  /** The run's permalink (/r/<id>) when shared, and whether it is pinned (never expires). */
  share: z.object({ id: z.string(), pinned: z.boolean() }).nullable().optional(),
})
export type HistoryItem = z.infer<typeof historyItem>

export const historyList = z.object({ items: z.array(historyItem) })

export const historyMessages = {
  notFound: 'Result not found',
  restoreExpired: 'This result was deleted more than 10 minutes ago and can no longer be restored',
} as const
