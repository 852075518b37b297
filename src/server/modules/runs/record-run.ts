// Stores every finished tool run and puts its runId into the answer, so that the caller can share
// exactly what the server answered, with the options it was asked with (so that Run again asks the
// same). A failed store is logged and leaves runId out; the run's answer is still sent.
import type { FastifyRequest } from 'fastify'
import type { ToolAnswer } from '../../../shared/tools/tool-answer.ts'
import type { CurrentUser } from '../../current-user.ts'

import type { RunsRepository } from './repository.ts'

export type RunRecorder = (request: FastifyRequest, answer: ToolAnswer, options?: unknown) => Promise<void>

function hasOptions(options: unknown): options is Record<string, unknown> {
  if (typeof options !== 'object' || options === null || Array.isArray(options)) return false
  return Object.values(options).some((value) => value !== undefined)
}

export function createRunRecorder(runs: RunsRepository, currentUser: CurrentUser, serverName: string): RunRecorder {
  return async (request, answer, options) => {
    const { saved: _saved, runId: _runId, ...answered } = answer
    const stored = hasOptions(options) ? { ...answered, options } : answered
    try {
      const user = await currentUser(request)
      answer.runId = await runs.insert({ userId: user?.id ?? null, answer: stored, server: serverName })
    } catch (error) {
      request.log.error({ err: error, tool: answer.tool }, 'storing a tool run failed')
    }
  }
}
