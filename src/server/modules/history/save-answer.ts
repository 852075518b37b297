// Saves every successful tool run of a signed-in user, and tells the client through answer.saved.
import type { FastifyRequest } from 'fastify'
import type { ToolAnswer } from '../../../shared/tools/common.ts'
import type { CurrentUser } from '../auth/session.ts'
import type { ToolResultsRepository } from './repository.ts'

export type AnswerHook = (request: FastifyRequest, answer: ToolAnswer) => Promise<void>

/** Sets answer.saved (true or false) when the caller is signed in and the run succeeded; leaves it out otherwise. */
export function createAnswerSaver(history: ToolResultsRepository, currentUser: CurrentUser): AnswerHook {
  return async (request, answer) => {
    if (answer.status !== 'ok' || !request.headers.cookie) return
    try {
      const user = await currentUser(request)
      if (!user) return
      await history.insert({
        userId: user.id,
        toolName: answer.tool,
        inputValue: answer.input === '' ? null : answer.input,
        resultData: answer.result,
      })
      answer.saved = true
    } catch (error) {
      request.log.error({ err: error }, 'saving a tool result to the history failed')
      answer.saved = false
    }
  }
}
