// GET /api/history: the caller's saved tool results, newest first (at most 50).
import { z } from 'zod'

export const HISTORY_LIMIT = 50

export const historyItem = z.object({
  id: z.string(),
  /** Catalogue id of the tool, e.g. "dns". */
  toolName: z.string(),
  inputValue: z.string().nullable(),
  /** The tool answer's result: a string, an array or an object. */
  resultData: z.unknown(),
  /** ISO-8601 UTC. */
  createdAt: z.string(),
})
export type HistoryItem = z.infer<typeof historyItem>

export const historyList = z.object({ items: z.array(historyItem) })
