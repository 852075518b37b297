// POST /api/bulk/:tool: the NDJSON rows handed over one by one as they arrive, then the summary.
import { type BulkRow, type BulkSummary, bulkRow, bulkSummary } from '../../../shared/bulk.ts'
import { errorBody } from '../../../shared/tools/tool-answer.ts'
import { ApiError } from '../../lib/api.ts'

/** Splits NDJSON text into complete lines; returns them with the unfinished rest. */
export function splitLines(buffer: string): { lines: string[]; rest: string } {
  const lines = buffer.split('\n')
  const rest = lines.pop() ?? ''
  return { lines: lines.filter((line) => line.trim() !== ''), rest }
}

export async function streamBulk(
  tool: string,
  body: { inputs: string[]; options?: unknown },
  options: { signal?: AbortSignal; onRow: (row: BulkRow) => void },
): Promise<BulkSummary> {
  let response: Response
  try {
    response = await fetch(`/api/bulk/${encodeURIComponent(tool)}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/x-ndjson' },
      body: JSON.stringify(body),
      credentials: 'same-origin',
      signal: options.signal,
    })
  } catch (cause) {
    if (options.signal?.aborted) throw cause
    throw new ApiError('Could not reach the server', 0, 'network_error', { cause })
  }
  if (!response.ok) {
    const error = errorBody.safeParse(await response.json().catch(() => undefined))
    if (error.success) throw new ApiError(error.data.error.message, response.status, error.data.error.type)
    throw new ApiError(`Request failed with status ${response.status}`, response.status, 'http_error')
  }
  if (!response.body) throw new Error('The server sent an answer this page cannot read')
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader()
  let buffer = ''
  try {
    for (;;) {
      const { value, done } = await reader.read()
      if (done) break
      const { lines, rest } = splitLines(buffer + value)
      buffer = rest
      for (const line of lines) {
        const data: unknown = JSON.parse(line)
        const summary = bulkSummary.safeParse(data)
        if (summary.success) return summary.data
        const row = bulkRow.safeParse(data)
        if (row.success) options.onRow(row.data as BulkRow)
      }
    }
  } finally {
    reader.cancel().catch(() => {})
  }
  throw new ApiError('The connection closed before every row arrived', 0, 'network_error')
}
