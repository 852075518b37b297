// GET /api/history, DELETE /api/history/:id and POST /api/history/:id/restore, parsed with the shared
// schema.

import { type HistoryItem, historyList } from '../../../shared/history.ts'
import { errorBody } from '../../../shared/tools/tool-answer.ts'
import { ApiError } from '../../lib/api.ts'

async function failure(response: Response): Promise<ApiError> {
  const parsed = errorBody.safeParse(await response.json().catch(() => undefined))
  if (parsed.success) return new ApiError(parsed.data.error.message, response.status, parsed.data.error.type)
  return new ApiError(`Request failed with status ${response.status}`, response.status, 'http_error')
}

export async function fetchHistory(signal?: AbortSignal): Promise<HistoryItem[]> {
  const response = await fetch('/api/history', {
    headers: { accept: 'application/json' },
    credentials: 'same-origin',
    signal,
  })
  if (!response.ok) throw await failure(response)
  return historyList.parse(await response.json()).items
}

export async function deleteHistoryItem(id: string): Promise<void> {
  const response = await fetch(`/api/history/${encodeURIComponent(id)}`, {
    method: 'DELETE',
    credentials: 'same-origin',
  })
  if (!response.ok) throw await failure(response)
}

/** Undo of a delete: 410 when the delete is older than the restore window. */
export async function restoreHistoryItem(id: string): Promise<void> {
  const response = await fetch(`/api/history/${encodeURIComponent(id)}/restore`, {
    method: 'POST',
    credentials: 'same-origin',
  })
  if (!response.ok) throw await failure(response)
}
