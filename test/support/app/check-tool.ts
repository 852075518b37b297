// Runs a tool through the app as the web app does: POST /api/tools/:id with { input, options }.
// Integration tests use this instead of building the request by hand, so the route, its body shape
// and the event-stream variant are spelled in one place.
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify'
import { expect } from 'vitest'
import type { TestApp } from './app.ts'

type Inject = (options: InjectOptions) => Promise<LightMyRequestResponse>

/** The app, a test app, or a signed-in session's `request` (test/support/app/accounts.ts). */
export type ToolTarget = FastifyInstance | TestApp | Inject

export interface ToolRequest {
  /** The tool's options, sent beside the input. */
  options?: unknown
  /** Ask for the answer as an event stream (Accept: text/event-stream); read it from `payload`. */
  stream?: boolean
  headers?: Record<string, string>
  remoteAddress?: string
  /** The whole JSON body instead of { input, options }, for tests of malformed bodies. */
  payload?: object
}

function injectorOf(target: ToolTarget): Inject {
  if (typeof target === 'function') return target
  const app = 'app' in target && 'dataDir' in target ? target.app : (target as FastifyInstance)
  return (options) => app.inject(options)
}

/** POST /api/tools/:tool and return the raw answer (status, headers, `json()`, `payload`). */
export function checkTool(
  target: ToolTarget,
  tool: string,
  input: unknown,
  request: ToolRequest = {},
): Promise<LightMyRequestResponse> {
  const headers = { ...(request.stream ? { accept: 'text/event-stream' } : {}), ...request.headers }
  return injectorOf(target)({
    method: 'POST',
    url: `/api/tools/${tool}`,
    payload: request.payload ?? { input, options: request.options },
    headers,
    ...(request.remoteAddress ? { remoteAddress: request.remoteAddress } : {}),
  })
}

/** Runs a tool that must answer 200 (a finished run, ok or failed) and returns the parsed answer. */
export async function checkToolAnswer(
  target: ToolTarget,
  tool: string,
  input: unknown,
  request: ToolRequest = {},
  // biome-ignore lint/suspicious/noExplicitAny: answers are read loosely by tests, as `res.json()` is
): Promise<any> {
  const res = await checkTool(target, tool, input, request)
  expect(res.statusCode).toBe(200)
  return res.json()
}
