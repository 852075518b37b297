// POST /api/tools/:id, parsed with the shared answer schema.
import { z } from 'zod'
import { type ToolAnswer, toolResponse } from '../../../shared/tools/common.ts'
import { postJson } from '../../lib/api.ts'
import { ToolFailure } from './tool-outcome.ts'

export interface ToolRunRequest {
  input: string
  options?: unknown
}

/** Runs a tool; a "failed" diagnosis rejects with ToolFailure, transport and HTTP errors with ApiError. */
export async function runTool(id: string, request: ToolRunRequest, signal?: AbortSignal): Promise<ToolAnswer> {
  const body = request.options === undefined ? { input: request.input } : request
  const data = await postJson(`/api/tools/${encodeURIComponent(id)}`, body, signal)
  const parsed = toolResponse(id, z.unknown()).safeParse(data)
  if (!parsed.success) throw new Error('The server sent an answer this page cannot read', { cause: parsed.error })
  const answer: ToolAnswer = parsed.data
  if (answer.status === 'failed') throw new ToolFailure(answer)
  return answer
}
