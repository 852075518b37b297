// The one way anything reaches a user's history: tool runs, the speed test and the phone lookup all
// save through a HistorySaver, which logs a failed save and answers whether it worked.
import type { FastifyRequest } from 'fastify'
import type { ToolAnswer } from '../../../shared/tools/common.ts'
import type { CurrentUser } from '../auth/session.ts'
import type { ToolResultsRepository } from './repository.ts'

export interface HistoryEntry {
  userId: string
  toolName: string
  /** What the user typed; null for tools without input. */
  input: string | null
  result: unknown
}

export interface HistorySaver {
  /** true once saved; false when saving failed (logged on the request); never throws. */
  save(request: FastifyRequest, entry: HistoryEntry): Promise<boolean>
}

export function createHistorySaver(history: Pick<ToolResultsRepository, 'insert'>): HistorySaver {
  return {
    async save(request, { userId, toolName, input, result }) {
      try {
        await history.insert({ userId, toolName, inputValue: input === '' ? null : input, resultData: result })
        return true
      } catch (error) {
        request.log.error({ err: error, tool: toolName }, 'saving a result to the history failed')
        return false
      }
    },
  }
}

export type AnswerHook = (request: FastifyRequest, answer: ToolAnswer) => Promise<void>

/** Sets answer.saved (true or false) when the caller is signed in and the run succeeded; leaves it out otherwise. */
export function createAnswerSaver(saver: HistorySaver, currentUser: CurrentUser): AnswerHook {
  return async (request, answer) => {
    if (answer.status !== 'ok' || (!request.headers.cookie && !request.apiTokenOwner)) return
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
    })
  }
}
