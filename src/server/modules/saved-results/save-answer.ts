// The one way anything reaches a user's history: tool runs, the speed test and the phone lookup all
// save through a HistorySaver, which logs a failed save and answers whether it worked.
import type { FastifyRequest } from 'fastify'
import type { ToolAnswer } from '../../../shared/tools/tool-answer.ts'
import type { CurrentUser } from '../../current-user.ts'

import type { ToolResultsRepository } from './repository.ts'

export interface HistoryEntry {
  userId: string
  toolName: string
  /** What the user typed; null for tools without input. */
  input: string | null
  result: unknown
  /** The request's options, so that Run again asks the same. */
  options?: Record<string, unknown> | null
  /** A failed diagnosis is kept too, with why it failed. */
  failure?: { error: string | null; source: 'target' | 'server' | 'policy' | null }
  /** The stored run of the answer (its runId), so the history can show its share and pin. */
  runId?: string
}

export interface HistorySaver {
  /** true once saved; false when saving failed (logged on the request); never throws. */
  save(request: FastifyRequest, entry: HistoryEntry): Promise<boolean>
}

export function createHistorySaver(history: Pick<ToolResultsRepository, 'insert'>): HistorySaver {
  return {
    async save(request, { userId, toolName, input, result, options, failure, runId }) {
      try {
        await history.insert({
          userId,
          toolName,
          inputValue: input === '' ? null : input,
          resultData: result,
          options,
          runId,
          ...(failure ? { status: 'failed', error: failure.error, failureSource: failure.source } : {}),
        })
        return true
      } catch (error) {
        request.log.error({ err: error, tool: toolName }, 'saving a result to the history failed')
        return false
      }
    },
  }
}

/** `options`: what the run's request asked besides the input (POST /api/tools/:id's `options`). */
export type AnswerHook = (request: FastifyRequest, answer: ToolAnswer, options?: unknown) => Promise<void>

const asOptions = (options: unknown): Record<string, unknown> | null =>
  typeof options === 'object' && options !== null && !Array.isArray(options)
    ? (options as Record<string, unknown>)
    : null

/** Sets answer.saved (true or false) when the caller is signed in, for successful and failed runs alike. */
export function createAnswerSaver(saver: HistorySaver, currentUser: CurrentUser): AnswerHook {
  return async (request, answer, options) => {
    if (!request.headers.cookie && !request.apiTokenOwner) return
    let user: { id: string } | null
    try {
      user = await currentUser(request)
    } catch (error) {
      request.log.error({ err: error }, 'reading the session to save a tool result failed')
      answer.saved = false
      return
    }
    if (!user) return
    answer.saved = await saver.save(request, {
      userId: user.id,
      toolName: answer.tool,
      input: answer.input,
      result: answer.result,
      options: asOptions(options),
      ...(answer.runId ? { runId: answer.runId } : {}),
      ...(answer.status === 'failed'
        ? { failure: { error: answer.error ?? null, source: answer.failureSource ?? null } }
        : {}),
    })
  }
}
