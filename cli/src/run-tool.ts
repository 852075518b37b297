// One tool command from start to exit code: check and read the input with the tool's schema (the
// input rule the web app and the API share), run it on the server (streamed for people, one JSON
// answer with --json), print, and share when asked.
import { z } from 'zod'
import type { ShareCreated } from '../../src/shared/results.ts'
import { toolResponse } from '../../src/shared/tools/tool-answer.ts'
import { type ClientSettings, postJson, postStream, ServerProblem } from './client.ts'
import type { Io, OutputSettings } from './io.ts'
import { createLiveRenderer, remainingLines } from './live.ts'
import { EXIT, exitCodeOf, failureLine } from './outcome.ts'
import { runMeasurementCommand, type Targeting } from './run-measurement.ts'
import { shareLines, sharePermalink } from './share.ts'
import type { ToolCommand } from './tools.ts'

export type { Io, OutputSettings } from './io.ts'

/** The schema's first complaint, naming the option it is about ("--count: Count must be 1 to 10"). */
export function inputProblem(tool: ToolCommand, error: z.ZodError): string {
  const issue = error.issues[0]
  if (!issue) return 'Invalid input'
  if (issue.path[0] === 'options' && issue.path.length > 1) {
    const option = tool.options.find((o) => o.key === issue.path[1])
    const flag = option?.flags.match(/--[\w-]+/)?.[0]
    if (flag) return `${flag}: ${issue.message}`
  }
  return issue.message
}

async function fetchAnswer(tool: ToolCommand, body: object, settings: ClientSettings, json: boolean, io: Io) {
  const path = `/api/tools/${tool.id}`
  if (json) return { raw: await postJson(settings, path, body), printed: [] as string[] }
  const render = createLiveRenderer(tool.id)
  const printed: string[] = []
  const raw = await postStream(settings, path, body, (event) => {
    const live = render(event)
    for (const line of live.lines) {
      io.out(line)
      printed.push(line)
    }
    if (live.status) io.status(live.status)
  })
  return { raw, printed }
}

export async function runToolCommand(
  tool: ToolCommand,
  input: string | undefined,
  options: Record<string, unknown>,
  settings: ClientSettings & OutputSettings,
  io: Io,
  targeting?: Targeting,
): Promise<number> {
  const typed = { input: input ?? '', ...(Object.keys(options).length > 0 ? { options } : {}) }
  const checked = tool.request.safeParse(typed)
  if (!checked.success) {
    io.err(`nettoolbox ${tool.id}: ${inputProblem(tool, checked.error)}`)
    return EXIT.problem
  }
  // What the input rule read from the text (a pasted URL's host, a name in punycode), as the web app sends it.
  const body = { ...typed, input: (checked.data as { input: string }).input }
  if (targeting) return runMeasurementCommand(tool, body, targeting, settings, io)
  try {
    const { raw, printed } = await fetchAnswer(tool, body, settings, settings.json, io)
    const answer = toolResponse(tool.id, z.unknown()).safeParse(raw)
    if (!answer.success) throw new ServerProblem(`${settings.server} sent an answer that is not a ${tool.id} result`)
    let code = exitCodeOf(answer.data)
    let share: ShareCreated | undefined
    let shareProblem: string | undefined
    if (settings.share) {
      try {
        share = await sharePermalink(settings, (raw as { runId?: unknown }).runId)
      } catch (error) {
        if (!(error instanceof ServerProblem)) throw error
        shareProblem = error.message
        code = EXIT.problem
      }
    }
    if (settings.json) {
      io.out(JSON.stringify(share ? { ...(raw as object), share } : raw, null, 2))
    } else {
      for (const line of remainingLines(answer.data.lines, printed)) io.out(line)
      if (answer.data.status === 'failed') io.err(failureLine(answer.data))
      if (share) for (const line of shareLines(share, settings)) io.out(line)
    }
    if (shareProblem) io.err(`Could not share: ${shareProblem}`)
    return code
  } catch (error) {
    if (!(error instanceof ServerProblem)) throw error
    io.err(error.message)
    return EXIT.problem
  }
}
