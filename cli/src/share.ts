// Permalinks: a tool answer carries `runId`; POST /api/results { runId } answers 201 { id, url }.
import { apiUrl, type ClientSettings, postJson, ServerProblem } from './client.ts'

export async function sharePermalink(settings: ClientSettings, runId: unknown): Promise<string> {
  if (typeof runId !== 'string' || runId === '') {
    throw new ServerProblem('the answer has no run id to share (this server may not keep results for permalinks)')
  }
  const answer = (await postJson(settings, '/api/results', { runId })) as { url?: unknown }
  // The link may be written relative to the server.
  if (typeof answer.url === 'string') return apiUrl(settings, answer.url).toString()
  throw new ServerProblem('the server answered the share request without a link')
}
