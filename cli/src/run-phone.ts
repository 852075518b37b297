// The reverse phone lookup: POST /api/phone-lookup { phoneNumber } answers { success, data | error },
// printed as the site's "Copy" text (one "Label: value" row a line).

import { phoneResultText } from '../../src/shared/tools/phone/lines.ts'
import { phoneLookupAnswer, phoneLookupRequest } from '../../src/shared/tools/phone/schema.ts'
import { type ClientSettings, postJson, ServerProblem } from './client.ts'
import { EXIT } from './outcome.ts'
import type { Io, OutputSettings } from './run-tool.ts'

export async function runPhoneCommand(
  phoneNumber: string,
  settings: ClientSettings & OutputSettings,
  io: Io,
): Promise<number> {
  const checked = phoneLookupRequest.safeParse({ phoneNumber })
  if (!checked.success) {
    io.err(`nettoolbox phone: ${checked.error.issues[0]?.message ?? 'Please enter a valid phone number'}`)
    return EXIT.problem
  }
  if (settings.share) {
    io.err('nettoolbox phone: phone lookups have no permalinks (--share works with the network tools)')
    return EXIT.problem
  }
  try {
    const raw = await postJson(settings, '/api/phone-lookup', { phoneNumber })
    const answer = phoneLookupAnswer.safeParse(raw)
    if (!answer.success) throw new ServerProblem(`${settings.server} sent an answer that is not a phone lookup`)
    if (settings.json) io.out(JSON.stringify(raw, null, 2))
    if (!answer.data.success || !answer.data.data) {
      io.err(`The lookup failed: ${answer.data.error ?? 'no reason given'}`)
      return EXIT.problem
    }
    if (!settings.json) for (const line of phoneResultText(answer.data.data).split('\n')) io.out(line)
    return EXIT.ok
  } catch (error) {
    if (!(error instanceof ServerProblem)) throw error
    io.err(error.message)
    return EXIT.problem
  }
}
